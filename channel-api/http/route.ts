import type { Request, Router } from 'express';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { channelByApiKey, defaultChannel, type Channel } from '../repo/channels.ts';
import { fromZod, HttpError, noKey } from './errors.ts';

export interface Deps {
  db: Db;
  apiKeyTtlSeconds: number;
}

export interface Ctx<E extends Endpoint> {
  params: z.output<E['params']>;
  /** The caller's channel: from the api key, or the default channel on public calls. */
  channel: Channel;
  req: Request;
  deps: Deps;
}
export type Handler<E extends Endpoint> = (ctx: Ctx<E>) => Promise<z.input<E['response']>>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Registers one contract endpoint: key check, params parsed by the contract's zod schema, `{ data }` out. */
export function mount<E extends Endpoint>(router: Router, deps: Deps, ep: E, handler: Handler<E>): void {
  const method = ep.method === 'GET' ? 'get' : ep.method === 'POST' ? 'post' : 'delete';
  // Contract paths are Express paths (`.` is literal in Express 4, so `:slug.json` works as is).
  router[method](ep.path, async (req, res, next) => {
    try {
      const source: unknown = ep.method === 'POST' ? (req.body ?? {}) : req.query;
      if (!isObject(source)) throw new HttpError(400, 'The request body must be a JSON object');
      const { api_key: apiKey, ...raw } = source;
      const channel = await resolveChannel(deps, ep, apiKey);
      const parsed = ep.params.safeParse({ ...raw, ...req.params });
      if (!parsed.success) throw fromZod(parsed.error);
      const body = await handler({ params: parsed.data, channel, req, deps });
      res.json(body);
    } catch (error) {
      next(error);
    }
  });
}

async function resolveChannel(deps: Deps, ep: Endpoint, apiKey: unknown): Promise<Channel> {
  const byKey = typeof apiKey === 'string' && apiKey !== '' ? await channelByApiKey(deps.db, apiKey) : undefined;
  if (ep.auth === 'apiKey') {
    if (!byKey) throw noKey('api_key');
    return byKey;
  }
  const channel = byKey ?? (await defaultChannel(deps.db));
  if (!channel) throw new HttpError(404, 'No channel is configured');
  return channel;
}
