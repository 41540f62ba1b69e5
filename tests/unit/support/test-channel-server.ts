import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, vi } from 'vitest';

/* A real HTTP server on a loopback port that speaks the channel's wire format and answers
   whatever each test scripts: key errors, 401, 429, 5xx, slowness, bad shapes. */

export interface Hit {
  method: string;
  path: string;
  rawUrl: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  headers: http.IncomingHttpHeaders;
  at: number;
}

/** `reset`: the connection is dropped without an answer (a keep-alive connection closed under the call). */
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string>; delayMs?: number; reset?: boolean };
export type Route = (hit: Hit, nth: number) => Reply | Promise<Reply>;

export const NO_KEY = { message: 'No chanel or api key found', errors: { api_key: ['No chanel or api key found'] } };
export const NO_CHANNEL_KEY = { message: 'No chanel or api key found', errors: { channel_key: ['No chanel or api key found'] } };

export const bootstrapBody = {
  data: {
    settings: {
      name: 'Test Channel',
      logo: null,
      language: 'en',
      multilanguage: false,
      currency: 'USD',
      'google-analytics': null,
      'yare-analytics': null,
      basic_pass: false,
      cookie_notice: false,
      contact_email: 'a@example.test',
      contact_phone: null,
      address: null,
      social: [],
      prerolls: [],
      clip_tags: ['Highlight', 'Goal'],
      time_zone: 'America/Chicago',
    },
    menu: { header: [], footer: [], group_menu: [], participant_menu: [] },
    slides: [],
    pages: [],
    'color-settings': { primary: '#112233' },
    faq: [],
    'events-categories': [],
    'events-locations': [],
    packages: [],
    subscriptions: [],
    'participant-groups': [],
    'participant-group-properties': [],
    static_blocks: [],
  },
};

export interface TestChannel {
  url: string;
  hits: Hit[];
  /** Hits on one path (e.g. '/events'). */
  on(path: string): Hit[];
  /** Script `METHOD /path`; replaces the default. */
  route(key: string, route: Route): void;
  issuedKeys: string[];
  close(): Promise<void>;
}

export async function startTestChannel(): Promise<TestChannel> {
  const hits: Hit[] = [];
  const issuedKeys: string[] = [];
  const counts = new Map<string, number>();
  const routes = new Map<string, Route>([
    ['GET /channels/demo.json', () => ({ body: { channel_key: 'channel-key-1', name: 'Demo' } })],
    [
      'POST /get_api_key',
      (hit) => {
        if (hit.body?.channel_key !== 'channel-key-1') return { status: 403, body: NO_CHANNEL_KEY };
        const key = `api-key-${issuedKeys.length + 1}`;
        issuedKeys.push(key);
        return { body: { data: { api_key: key, expires_at: new Date(Date.now() + 3600_000).toISOString() } } };
      },
    ],
    ['GET /events', () => ({ body: { data: [], meta: { total: 0, offset: 0, limit: 20 } } })],
    [
      'GET /geo',
      (hit) => ({ body: { data: { country: 'Canada', country_code: 'CA', ip: String(hit.headers['x-forwarded-for'] ?? ''), is_geo_blocked: false } } }),
    ],
    ['GET /channel-bootstrap-data', () => ({ body: bootstrapBody })],
  ]);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const text = Buffer.concat(chunks).toString();
      const hit: Hit = {
        method: req.method ?? 'GET',
        path: url.pathname,
        rawUrl: req.url ?? '',
        query: url.searchParams,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
        headers: req.headers,
        at: Date.now(),
      };
      hits.push(hit);
      const key = `${hit.method} ${hit.path}`;
      const nth = (counts.get(key) ?? 0) + 1;
      counts.set(key, nth);
      const route = routes.get(key);
      const reply: Reply = route ? await route(hit, nth) : { status: 404, body: { message: 'Not found' } };
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      if (reply.reset) return void req.socket.destroy();
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    on: (path) => hits.filter((h) => h.path === path),
    route: (key, route) => routes.set(key, route),
    issuedKeys,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** An in-memory key store, the session's stand-in for the plain core. */
/**
 * A fake channel for one test file of the web app's server modules, with the environment those
 * modules read at import (CHANNEL_API_URL, SESSION_SECRET) pointing at it from before the first
 * test to after the last, when it is put back. Test files share a worker's modules
 * (vitest.config.ts): `ready` imports what the file tests afresh, once the environment is set.
 */
export function channelForThisFile(ready: (channel: TestChannel) => Promise<void> | void): void {
  const saved = { CHANNEL_API_URL: process.env.CHANNEL_API_URL, SESSION_SECRET: process.env.SESSION_SECRET };
  let channel: TestChannel | undefined;
  beforeAll(async () => {
    channel = await startTestChannel();
    process.env.CHANNEL_API_URL = channel.url;
    process.env.SESSION_SECRET = 'test-secret';
    vi.resetModules();
    await ready(channel);
  });
  afterAll(async () => {
    await channel?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    vi.resetModules();
  });
}

export function memoryStore(initial?: { key: string; expiresAt?: string }) {
  const state = { apiKey: initial ?? (null as { key: string; expiresAt?: string } | null), user: { id: 1 } as unknown };
  return {
    state,
    getApiKey: () => state.apiKey,
    setApiKey: (key: string, expiresAt: string) => void (state.apiKey = { key, expiresAt }),
    clearApiKey: () => void (state.apiKey = null),
    clearUser: () => void (state.user = undefined),
  };
}

/** Collects log lines instead of printing them. */
export function captureLog() {
  const lines: string[] = [];
  return { lines, warn: (m: string) => void lines.push(`warn ${m}`), error: (m: string) => void lines.push(`error ${m}`) };
}
