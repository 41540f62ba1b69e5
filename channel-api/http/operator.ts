import type { Request } from 'express';

/** A call from the operator: on the channel API's own loopback address, not passed on by our web
 *  server (which adds X-Forwarded-For to everything it proxies). The test clock and the job
 *  queue's view answer only these. */
export function fromOperator(req: Request): boolean {
  const from = req.socket.remoteAddress ?? '';
  return ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(from) && !req.get('x-forwarded-for');
}
