import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { openDatabase } from './db/client.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import type { Deps } from './http/route.ts';
import { imagesRouter } from './images.ts';
import { mediaRouter, prepareMedia } from './media/index.ts';
import { contentRoutes } from './routes/content.ts';
import { eventRoutes } from './routes/events.ts';
import { keyRoutes } from './routes/keys.ts';
import { publicRoutes } from './routes/public.ts';
import { vodRoutes } from './routes/vod.ts';
import { seedIfEmpty } from './seed/seed.ts';

export interface ChannelApiOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  apiKeyTtlSeconds?: number;
  logger?: boolean;
}

export interface ChannelApi {
  url: string;
  close(): Promise<void>;
}

/** Starts the reference channel API: migrate, seed the demo channel on first start, serve. */
export async function startChannelApi(opts: ChannelApiOptions = {}): Promise<ChannelApi> {
  const env = process.env;
  const port = opts.port ?? Number(env.CHANNEL_API_PORT ?? 4000);
  const host = opts.host ?? env.CHANNEL_API_HOST ?? '127.0.0.1';
  const dataDir = path.resolve(opts.dataDir ?? env.DATA_DIR ?? './data');
  const databaseUrl = opts.databaseUrl ?? (env.DATABASE_URL || undefined);
  const apiKeyTtlSeconds = opts.apiKeyTtlSeconds ?? Number(env.API_KEY_TTL_SECONDS ?? 3600);
  const logger = opts.logger ?? true;
  const log = (message: string) => {
    if (logger) console.log(message);
  };

  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    if (await seedIfEmpty(database.db)) log('channel-api: seeded the demo channel');
    await prepareMedia(dataDir, { log });

    const app = express();
    app.disable('x-powered-by');
    // X-Forwarded-For is believed only from loopback: our own web server proxying the browser.
    app.set('trust proxy', 'loopback');
    app.use(express.json({ limit: '100kb' }));
    const deps: Deps = { db: database.db, apiKeyTtlSeconds };
    app.use('/media/images', imagesRouter(database.db));
    app.use('/media', mediaRouter({ dataDir }));
    const router = express.Router();
    keyRoutes(router, deps);
    publicRoutes(router, deps);
    contentRoutes(router, deps);
    eventRoutes(router, deps);
    vodRoutes(router, deps);
    app.use(router);
    app.use(notFoundHandler);
    app.use(errorHandler((error) => console.error('channel-api: unexpected error', error)));

    const server = app.listen(port, host);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const address = server.address() as AddressInfo;
    const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    log(`channel-api: listening on ${url} (${database.kind})`);

    let closing: Promise<void> | undefined;
    return {
      url,
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          });
          await database.close();
        })()),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
