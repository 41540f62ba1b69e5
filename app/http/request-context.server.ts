import type { AppLoadContext } from '@remix-run/node';
import { channelClient, type ChannelClient } from '~/channel/client.server';
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

/** The two things a loader or action works with: the visitor's session and the channel. */
export interface RequestContext {
  session: RequestSession;
  channel: ChannelClient & {
    /** A call whose answer says what the viewer may do (an event's or video's `has_access`): a
     *  signed-in fan's own answer, or the one every anonymous visitor shares (no call when cached). */
    asViewer: ChannelClient['shared'];
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
      asViewer: async (endpoint, params) => ((await session.user()) ? call(endpoint, params) : channel.shared(endpoint, params)),
      region: async () => {
        const geo = await channel.region();
        context.region = geo.country_code;
        return geo;
      },
    },
  };
}
