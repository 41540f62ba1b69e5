/* Absolute addresses of this site in pages (share links and their Open Graph tags, the embed
   code, calendar feed addresses): always on PUBLIC_URL, the origin the operator declared, never
   on the request's Host or X-Forwarded-Host (ADR 057). Those are the client's to write — a trusted
   proxy passes the visitor's Host on as it came — and a page a CDN or the microcache shares
   must not carry what one visitor wrote into it. Pure: app/http/public-url.server.ts gives it
   the environment's PUBLIC_URL. */

/** `path` (path-absolute: '/share/1/…') on `publicUrl`'s origin. */
export function absoluteOn(publicUrl: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`absoluteOn: '${path}' is not a path on this site`);
  return new URL(path, new URL(publicUrl).origin).href;
}

/** The origin of `publicUrl` ('https://tv.example'), without a path or a trailing slash. */
export const originOf = (publicUrl: string): string => new URL(publicUrl).origin;
