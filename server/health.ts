import type http from 'node:http';

/* The health checks of the web server's and the channel API's /healthz (issue 37, ADR 058): 200
   only when the database answers a `select 1`, else 503 with the reason, so a load balancer or a
   compose healthcheck takes the process out until it answers again. Never cached. */

const PING_TIMEOUT_MS = 2_000;

/** Whether the database answers a `select 1` within `timeoutMs`: nothing, or why not. The reason
 *  names the error's code (ECONNREFUSED, a PostgreSQL SQLSTATE), never its message: /healthz is
 *  public, and a driver's message may name hosts and users. */
export async function databaseAnswers(ping: () => Promise<unknown>, timeoutMs = PING_TIMEOUT_MS): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([ping().then(() => null), late]);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? `the database did not answer (${code})` : 'the database did not answer';
  } finally {
    clearTimeout(timer);
  }
}

/** Answers a health check: 200 and `{ ok: true, ...facts }`, or 503 and `{ ok: false, reason, ...facts }`. */
export function sendHealth(res: http.ServerResponse, reason: string | null, facts: Record<string, unknown> = {}): void {
  res.statusCode = reason ? 503 : 200;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(reason ? { ok: false, reason, ...facts } : { ok: true, ...facts }));
}
