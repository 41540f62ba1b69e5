import type http from 'node:http';

/* Graceful shutdown (issue 37), for the web server and the channel API: stop accepting, let the
   requests in flight finish, then close. A keep-alive connection that finishes a request while we
   close goes back to idle, and an idle one is closed at once (checked every IDLE_CHECK_MS), so a
   client never sends a new request to a server that is going. A request still running after
   `timeoutMs` (a stalled upload, a stream that never ends) has its connection cut. */

const IDLE_CHECK_MS = 100;

/** Resolves once every connection is closed: `graceful` when the requests in flight all finished,
 *  `cut` when some were still running at the deadline. */
export function closeGracefully(server: http.Server, timeoutMs: number): Promise<'graceful' | 'cut'> {
  return new Promise((resolve) => {
    let outcome: 'graceful' | 'cut' = 'graceful';
    const idle = setInterval(() => server.closeIdleConnections(), IDLE_CHECK_MS);
    const deadline = setTimeout(() => {
      outcome = 'cut';
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve(outcome);
    });
    server.closeIdleConnections();
  });
}
