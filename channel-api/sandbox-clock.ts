/* `npm run sandbox:clock -- --email fan@example.com --advance 8d [--api http://127.0.0.1:4000]`:
   moves one fan's test clock forward on the sandbox payment provider (their trial ends, their
   subscriptions renew or fail), as Stripe's test clocks do. It asks the running channel API
   (the embedded one prints its address at start: "Channel API (embedded) at …"), which answers
   on its own loopback address only. */
import { parseArgs } from 'node:util';

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

export function seconds(advance: string): number | null {
  const m = /^(\d{1,6})([smhd])$/.exec(advance.trim());
  return m ? Number(m[1]) * UNITS[m[2]] : null;
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, advance: { type: 'string' }, api: { type: 'string' } } });
  const advance = values.advance ? seconds(values.advance) : null;
  if (!values.email || !advance) {
    console.error('Usage: npm run sandbox:clock -- --email fan@example.com --advance 8d  (s, m, h or d) [--api http://127.0.0.1:4000]');
    process.exit(2);
  }
  const api = (values.api ?? process.env.CHANNEL_API_URL ?? `http://127.0.0.1:${process.env.CHANNEL_API_PORT ?? 4000}`).replace(/\/+$/, '');
  const res = await fetch(`${api}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.email, advance_seconds: advance }),
  });
  const body = (await res.json().catch(() => ({}))) as { data?: { now: string }; message?: string };
  if (!res.ok) {
    console.error(`The channel API at ${api} answered ${res.status}: ${body.message ?? 'no reason given'}`);
    process.exit(1);
  }
  console.log(`${values.email}'s clock is now at ${body.data?.now}.`);
}

if (process.argv[1]?.endsWith('sandbox-clock.ts')) await main();
