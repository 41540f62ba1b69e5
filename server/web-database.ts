import pg from 'pg';

/* The web server's own PostgreSQL connection (DATABASE_URL, issue 37): what several web servers
   share beside the cookie — the rate limiters' counts (server/rate-limit-counters.ts) — and what
   /healthz asks. Short timeouts: while the database is down a request is answered from memory at
   once (the limiters' insurance), never held on a connection attempt. */

const CONNECT_TIMEOUT_MS = 1_000;
const QUERY_TIMEOUT_MS = 2_000;

export interface WebDatabase {
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openWebDatabase(url: string, log: (line: string) => void = console.error): WebDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 5, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS });
  // An idle connection dropped by the server (restart, failover) must not stop the process.
  pool.on('error', (error) => log(`web: PostgreSQL connection error: ${error.message}`));
  // A connection dropped while checked out: its query fails and says so; an unheard 'error' event would end the process.
  pool.on('connect', (client) => client.on('error', (error) => log(`web: PostgreSQL connection lost: ${error.message}`)));
  let closing: Promise<void> | undefined;
  return { pool, close: () => (closing ??= pool.end()) };
}
