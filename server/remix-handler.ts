import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type express from 'express';
import { requestUrl } from './guards.ts';

/* The Remix request handler for Express: what @remix-run/express does (Express request → Fetch
   Request → Remix → Express response), plus the one step it has no hook for: once the response
   is known, the request session (app/http/request-session.server.ts) that the action and the
   loaders shared is committed, once, onto whatever they returned or threw — a page, a redirect,
   a data request, a resource route or an error screen. */

export function remixHandler(options: {
  build: () => ServerBuild;
  mode: string;
  loadContext: (req: express.Request, res: express.Response) => AppLoadContext;
}): express.RequestHandler {
  let handle: ReturnType<typeof createRequestHandler> | null = null;
  let handledBuild: ServerBuild | null = null;
  return async (req, res, next) => {
    try {
      const build = options.build();
      // A rebuilt app (npm run dev) gets a new handler.
      if (build !== handledBuild) [handle, handledBuild] = [createRequestHandler(build, options.mode), build];
      const context = options.loadContext(req, res);
      const response = await handle!(fetchRequest(req, res), context);
      await send(res, context.session ? await context.session.commitTo(response) : response);
    } catch (error) {
      next(error);
    }
  };
}

function fetchRequest(req: express.Request, res: express.Response): Request {
  // The URL guard (server/guards.ts) has refused requests whose URL does not build.
  const url = requestUrl(req)!;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  // Loaders and actions stop when the visitor goes away before the response is sent.
  const controller = new AbortController();
  res.on('close', () => !res.writableFinished && controller.abort());
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url.href, init);
}

async function send(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
