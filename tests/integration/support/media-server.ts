/** Starts the real media router on a loopback port, with a clock the test controls. */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { airsAs, type DvrGames } from '../../../channel-api/media/dvr-games.ts';
import { mediaRouter } from '../../../channel-api/media/index.ts';
import type { Timed } from '../../../channel-api/repo/event-status.ts';

export interface MediaServer {
  url: string;
  /** Moves the live clock (ms since epoch). */
  setNow(ms: number): void;
  close(): Promise<void>;
}

/** `airings`: the live games there are (what the channel API reads from its events), so their
 *  DVR addresses answer and no other does (ADR 057). */
export async function startMediaServer(dataDir: string, nowMs = Date.now(), airings: readonly (Timed & { asset: string })[] = []): Promise<MediaServer> {
  let now = nowMs;
  const games: DvrGames = async (asset, game, nowSeconds) => airings.some((a) => a.asset === asset && airsAs(a, game, nowSeconds));
  const app = express();
  app.use('/media', mediaRouter({ dataDir, now: () => now, games }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/media`,
    setNow: (ms) => {
      now = ms;
    },
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** `#EXT-X-STREAM-INF` lines of a master playlist with the URI that follows each. */
export function parseMaster(text: string): { attributes: string; uri: string }[] {
  const lines = text.split('\n').map((line) => line.trim());
  const variants: { attributes: string; uri: string }[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith('#EXT-X-STREAM-INF:')) variants.push({ attributes: line.slice(18), uri: lines[i + 1] });
  });
  return variants;
}

export function tagValue(playlist: string, tag: string): string | undefined {
  return playlist
    .split('\n')
    .find((line) => line.startsWith(`#${tag}:`))
    ?.slice(tag.length + 2);
}

/** A raw request whose path is sent exactly as written (fetch would normalise `..`). */
export async function rawGet(url: string, rawPath: string): Promise<number> {
  const { request } = await import('node:http');
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
