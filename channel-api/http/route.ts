import type { Request, Router } from 'express';
import type { z } from 'zod';
import { SERVER_MSG } from '../../contract/auth.ts';
import { KEY_PATTERN, type Endpoint } from '../../contract/index.ts';
import type { Viewer } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { fromZod, noKey, notFound, refusal } from './errors.ts';
import { sendJson } from './shared-json.ts';
import { chooseLocale } from '../../contract/locale.ts';
import { defaultChannel, type ChannelRow } from '../repo/channels.ts';
import { entitlementsOf } from '../repo/orders.ts';
import { sessionByApiKey, type Session } from '../repo/sessions.ts';
import type { UserRow } from '../repo/users.ts';

export interface Ctx<E extends Endpoint> extends Caller {
  params: z.output<E['params']>;
  req: Request;
  deps: Deps;
}

/** The caller's user, or 401 for a visitor's key (user-only endpoints). */
export function requireUser(ctx: { user: UserRow | null }): UserRow {
  if (!ctx.user) throw refusal(401, SERVER_MSG.unauthenticated);
  return ctx.user;
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
      if (!isObject(source)) throw refusal(400, 'The request body must be a JSON object');
      const { api_key: apiKey, ...raw } = source;
      const { channel, session } = await resolveCaller(deps, ep, apiKey);
      const parsed = ep.params.safeParse({ ...raw, ...req.params });
      if (!parsed.success) throw fromZod(parsed.error);
      const user = session?.user ?? null;
      // What the fan's paid orders give, read once per call (access, capabilities, purchases).
      const viewer: Viewer = { userId: user?.id ?? null, user, entitlements: user ? await entitlementsOf(deps.db, user.id) : [] };
      const locale = chooseLocale({ multilanguage: channel.settings.multilanguage, acceptLanguage: req.get('accept-language') });
      const geo = await deps.regions.ofRequest(channel, req);
      const body = await handler({ params: parsed.data, channel, user, apiKey: session?.apiKey ?? null, viewer, ip: req.ip ?? '', locale, geo, req, deps });
      sendJson(req, res, body);
    } catch (error) {
      next(error);
    }
  });
}

async function resolveCaller(deps: Deps, ep: Endpoint, apiKey: unknown): Promise<{ channel: ChannelRow; session?: Session }> {
  // A value that cannot be a key is no key: it is never looked up.
  const session = typeof apiKey === 'string' && KEY_PATTERN.test(apiKey) ? await sessionByApiKey(deps.db, apiKey) : undefined;
  if (ep.auth === 'apiKey') {
    if (!session) throw noKey('api_key');
    return { channel: session.channel, session };
  }
  if (session) return { channel: session.channel, session };
  // Read on every call, not cached: a channel's settings change (an import, a pre-roll) show at once.
  const channel = await defaultChannel(deps.db);
  if (!channel) throw notFound('No channel is configured');
  return { channel };
}
