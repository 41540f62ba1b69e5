import type { AppLoadContext } from '@remix-run/node';
import type { BootstrapData, Endpoint, ParamsOf, ResponseOf } from '#contract';
import { channelZone } from '#contract/dates';
import { loadBootstrapOrWhoops } from '~/channel/bootstrap.server';
import { channelClient, type CallOptions, type ChannelClient } from '~/channel/client.server';
import { refusalOf } from '~/channel/refusal.server';
import { loginUrl, seeOther } from '~/http/redirects.server';
import { RequestSession } from '~/http/request-session.server';

declare module '@remix-run/server-runtime' {
  /** What server.ts passes to every loader and action of one HTTP request (the same object to
   *  all of them: server/remix-handler.ts). */
  interface AppLoadContext {
    /** The visitor's address as Express sees it (TRUST_PROXY decides). */
    clientIp: string;
    /** The request's session, created on first use by requestContext() and committed once by
     *  server/remix-handler.ts when the response is known. */
    session?: RequestSession;
    /** Set when a loader asked the channel something about this viewer (access, region): the
     *  page is not the same for every anonymous visitor (http/cache-policy.ts). */
    perViewer?: boolean;
    /** Set when a loader read the visitor's region: the page is the same for every anonymous
     *  visitor of that region, and is cached per region (server/microcache.ts). */
    region?: string;
  }
}

/** What a loader or action gets: `{ request, context }` of its arguments. */
export interface RouteArgs {
  request: Request;
  context: AppLoadContext;
}

/**
 * The two things a loader or action works with: the visitor's session and the channel. The
 * channel is reached only through `channel`, one of:
 * - `call(api.x, params)`: an answer for this visitor (signed in or not);
 * - `asUser(api.x, params)`: a signed-in fan's call; a 401 (the session ended elsewhere) sends
 *   them to /login and back here;
 * - `asViewer(api.x, params)`: an answer that says what the viewer may do: the fan's own, or the
 *   one every anonymous visitor shares;
 * - `shared(api.x, params)`: an answer that is the same for every visitor (cached);
 * - `region()`: the visitor's region (GET /geo, remembered per address);
 * - `bootstrap()`: the channel's settings, menus, pages (cached);
 * - `timeZone()`: the zone every time a fan reads is written in (the channel's setting, ADR 045).
 * On a page (GET), a refusal becomes the 'Whoops!' screen (outage), the throttling screen or /404
 * (channel/client.server.ts); an action catches it and reads it with refusalOf.
 */
export interface RequestContext {
  session: RequestSession;
  channel: ChannelClient & {
    asUser<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>, opts?: CallOptions): Promise<ResponseOf<E>>;
    asViewer: ChannelClient['shared'];
    /** The bootstrap data (channel/bootstrap.server.ts: cached, served stale through an outage),
     *  else the 'Whoops!' screen; a 429 stays a 429. */
    bootstrap(): Promise<BootstrapData>;
    /** The channel's time zone (`channelZone` of its settings): pass it to every contract/dates formatter. */
    timeZone(): Promise<string>;
  };
}

/**
 * The request context of a loader or action. Every loader and the action of one HTTP request
 * share one session (so a sign-in and a consumed toast add up) and one api key fetch; the
 * channel client is bound to this loader's own request (its signal, its method).
 */
export function requestContext({ request, context }: RouteArgs): RequestContext {
  const session = (context.session ??= new RequestSession(request));
  const channel = channelClient(request, session);
  const call: ChannelClient['call'] = (endpoint, params, opts) => {
    context.perViewer = true;
    return channel.call(endpoint, params, opts);
  };
  return {
    session,
    channel: {
      ...channel,
      call,
      asUser: async (endpoint, params, opts = {}) => {
        try {
          return await call(endpoint, params, { ...opts, tolerate401: true });
        } catch (error) {
          // The client has already forgotten the user (spec section 8: a 401 resets the user).
          if (refusalOf(error).kind !== 'signed-out') throw error;
          await session.toast({ text: 'Your session has ended. Please log in again.', type: 'info' });
          throw seeOther(loginUrl(request));
        }
      },
      asViewer: async (endpoint, params) => ((await session.user()) ? call(endpoint, params) : channel.shared(endpoint, params)),
      region: async () => {
        const geo = await channel.region();
        context.region = geo.country_code;
        return geo;
      },
      bootstrap: loadBootstrapOrWhoops,
      timeZone: async () => channelZone((await loadBootstrapOrWhoops()).settings),
    },
  };
}
