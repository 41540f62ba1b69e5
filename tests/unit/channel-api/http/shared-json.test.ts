import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, shareJson } from '../../../../channel-api/http/shared-json.ts';

/* A kept game list's JSON is written once, and sent as `res.json` would send it. */

let writes = 0;
/** An answer that counts how often it is serialized. */
const answer = shareJson({ data: [{ id: 1, name: 'Lakeview Lions @ Bayside Mariners' }], total: 1, toJSON: undefined as unknown });
Object.defineProperty(answer, 'toJSON', {
  enumerable: false,
  value() {
    writes++;
    return { data: answer.data, total: answer.total };
  },
});
const plain = { data: [], total: 0 };

let base = '';
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.get('/shared', (req, res) => sendJson(req, res, answer));
  app.get('/plain', (req, res) => sendJson(req, res, plain));
  app.get('/express', (_req, res) => res.json({ data: answer.data, total: answer.total }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('sendJson', () => {
  it('sends a shared answer with the bytes and headers res.json sends, and writes its JSON once', async () => {
    const reference = await fetch(`${base}/express`);
    const first = await fetch(`${base}/shared`);
    const second = await fetch(`${base}/shared`);
    for (const sent of [first, second]) {
      expect(sent.status).toBe(200);
      expect(sent.headers.get('content-type')).toBe(reference.headers.get('content-type'));
      expect(sent.headers.get('etag')).toBe(reference.headers.get('etag'));
      expect(sent.headers.get('content-length')).toBe(reference.headers.get('content-length'));
    }
    const body = await reference.text();
    expect(await first.text()).toBe(body);
    expect(await second.text()).toBe(body);
    expect(writes).toBe(1);
  });

  it('answers a matching If-None-Match with 304, as res.json does', async () => {
    const etag = (await fetch(`${base}/shared`)).headers.get('etag')!;
    // node:http, not fetch: fetch sends a conditional request with `Cache-Control: no-cache`.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http.get(`${base}/shared`, { headers: { 'if-none-match': etag } }, (res) => resolve(res.resume().statusCode)).on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('leaves any other answer to res.json', async () => {
    const sent = await fetch(`${base}/plain`);
    expect(await sent.json()).toEqual(plain);
    expect(sent.headers.get('etag')).toMatch(/^W\//);
  });
});
