/* A page rendered by entry.server.tsx is a string before it is a Response; the server handler
   (server/remix-handler.ts) needs it as bytes to keep it in the microcache. Reading it back out
   of the Response goes through a web stream (encode, chunk, concatenate): about a twentieth of an
   uncached page's CPU. So the Response carries its text beside the body, and the handler takes
   it when the Response is still the one that was rendered (only headers are edited on the way;
   a copied or replaced Response has no text and is read as usual).
   A registered symbol, not a module-level WeakMap: the Remix build and the server each load
   their own copy of this module. */
const PAGE_TEXT = Symbol.for('fieldhouse.pageText');

type WithText = Response & { [PAGE_TEXT]?: string };

/** A Response whose body is `text`, that says so to `pageText`. */
export function textResponse(text: string, init: ResponseInit): Response {
  const response: WithText = new Response(text, init);
  response[PAGE_TEXT] = text;
  return response;
}

/** The text a Response from `textResponse` was made of, while its body is still unread. */
export function pageText(response: Response): string | null {
  const text = (response as WithText)[PAGE_TEXT];
  return text !== undefined && !response.bodyUsed ? text : null;
}
