import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPosterInliner, INLINE_POSTER_MAX_BYTES } from '~/channel/poster.server';

/* The watch page carries the channel's own small poster (an SVG under /media/images) as a data:
   address; anything else stays the address it was. */

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><title>A @ B</title><path d="M0 0H16V9H0Z" fill="#8D2B0B"/></svg>';
const decoded = (address: string | null) => decodeURIComponent(address!.replace(/^data:image\/svg\+xml,/, ''));

describe('the poster in the page', () => {
  let server: http.Server;
  const asked: string[] = [];
  let previousUrl: string | undefined;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(req.url!);
      if (req.url === '/media/images/poster-event-1.svg') return void res.writeHead(200, { 'Content-Type': 'image/svg+xml; charset=utf-8' }).end(SVG);
      if (req.url === '/media/images/poster-text.svg') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>not a picture</p>');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    previousUrl = process.env.CHANNEL_API_URL;
    process.env.CHANNEL_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // Put back as it was: a variable set to undefined would read 'undefined', no address at all.
    if (previousUrl === undefined) delete process.env.CHANNEL_API_URL;
    else process.env.CHANNEL_API_URL = previousUrl;
    await new Promise((resolve) => server.close(resolve));
  });

  it("writes the channel's generated SVG into the page, asked of the channel API once", async () => {
    const inline = createPosterInliner();
    const first = await inline('/media/images/poster-event-1.svg');
    expect(first).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
    // Nothing in it a validator refuses in an address, nor anything that ends the attribute.
    expect(first).not.toMatch(/[\s<>"#]/);
    expect(decoded(first)).toBe(SVG);
    expect(await inline('/media/images/poster-event-1.svg')).toBe(first);
    expect(asked.filter((url) => url === '/media/images/poster-event-1.svg')).toHaveLength(1);
  });

  it('keeps the address of a poster that is missing or is not an SVG picture', async () => {
    const inline = createPosterInliner();
    expect(await inline('/media/images/poster-missing.svg')).toBe('/media/images/poster-missing.svg');
    expect(await inline('/media/images/poster-text.svg')).toBe('/media/images/poster-text.svg');
  });

  it('leaves every other address alone without asking for it', async () => {
    const fetched: string[] = [];
    const inline = createPosterInliner(async (path) => (fetched.push(path), SVG));
    for (const address of [
      'https://cdn.example/poster.svg',
      '/media/images/poster-event-1.webp',
      '/media/images/../secret.svg',
      '/media/images/a/b.svg',
      '/media/hls/poster.svg',
    ]) {
      expect(await inline(address)).toBe(address);
    }
    expect(await inline(null)).toBeNull();
    expect(fetched).toEqual([]);
  });

  it('keeps the address of a poster too large to carry in every page', async () => {
    const large = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0H1"/>'.repeat(INLINE_POSTER_MAX_BYTES / 10)}</svg>`;
    const inline = createPosterInliner(async () => large);
    expect(await inline('/media/images/poster-big.svg')).toBe('/media/images/poster-big.svg');
  });

  it('asks again after a failure rather than keeping it', async () => {
    let answers = 0;
    const inline = createPosterInliner(async () => {
      answers += 1;
      if (answers === 1) throw new Error('channel API down');
      return SVG;
    });
    expect(await inline('/media/images/poster-event-2.svg')).toBe('/media/images/poster-event-2.svg');
    expect(decoded(await inline('/media/images/poster-event-2.svg'))).toBe(SVG);
  });
});
