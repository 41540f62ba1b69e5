import type { Request, Response } from 'express';

/* The JSON of an answer many calls share — a kept game list (services/catalogue-answers.ts) — is
 * written once per answer, not once per call: its text and its ETag are kept beside it for as long
 * as the answer lives. Such an answer never changes (ADR 062), so the kept text is always its JSON.
 * The bytes and headers are what `res.json` sends (the app's own ETag function, the same
 * Content-Type, 304 to a matching If-None-Match). Measured: the serializing and hashing were about
 * a tenth of a kept list call's CPU (ADR 062, issue 37). */

interface Written {
  body: Buffer;
  etag: string | undefined;
}

const written = new WeakMap<object, Written | null>();

/** Marks `answer` as shared and never changed: `sendJson` keeps its JSON (an object's; any other
 *  value is sent as it is). */
export function shareJson<T>(answer: T): T {
  if (typeof answer === 'object' && answer !== null && !written.has(answer)) written.set(answer, null);
  return answer;
}

/** Sends `body` as `res.json` does; a shared answer's JSON is written once. */
export function sendJson(req: Request, res: Response, body: unknown): void {
  if (typeof body !== 'object' || body === null || !written.has(body)) {
    res.json(body);
    return;
  }
  let kept = written.get(body);
  if (!kept) {
    const text = JSON.stringify(body);
    const etagOf = req.app.get('etag fn') as ((body: string, encoding: BufferEncoding) => string) | undefined;
    kept = { body: Buffer.from(text), etag: etagOf?.(text, 'utf8') };
    written.set(body, kept);
  }
  res.type('json');
  if (kept.etag) res.set('ETag', kept.etag);
  res.send(kept.body);
}
