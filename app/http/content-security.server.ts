import crypto from 'node:crypto';
import { env } from '~/config/env.server';
import { GOOGLE_TAG_SCRIPT } from '~/domain/google-tag';

/* The Content-Security-Policy of every response. A page allows exactly the inline scripts and
   styles it carries, by their SHA-256 hashes, worked out from the finished HTML (entry.server):
   no nonce, so a copy kept by a shared cache (CDN, the microcache) keeps a valid and strict
   policy for every visitor who gets it. No 'unsafe-inline' for scripts or <style> elements. */

const isDev = env.NODE_ENV === 'development';

/** reCAPTCHA's script and its challenge frame (only when RECAPTCHA_SITE_KEY is set). */
const RECAPTCHA_ORIGINS = ['https://www.google.com', 'https://www.gstatic.com'];

/* Worked out once from the environment: every response builds its policy from these. */
const recaptchaOrigins = env.RECAPTCHA_SITE_KEY ? RECAPTCHA_ORIGINS : [];
const connectOrigins = [...(env.SENTRY_DSN ? [new URL(env.SENTRY_DSN).origin] : []), ...(isDev ? ['ws://localhost:*'] : [])];
/** Origins of the configured social sign-in providers (their authorization pages). */
const socialOrigins = [
  ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? [new URL(env.GOOGLE_ISSUER).origin] : []),
  ...(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET ? [new URL(env.FACEBOOK_AUTH_URL).origin] : []),
];

/** The Google tag (ADR 051), on the pages that start it (googleTag below): gtag.js from Tag
 *  Manager's hosts, its measurements sent to Analytics' (Google's own list for GA4). */
export const GOOGLE_TAG_ORIGINS = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** Whether a document starts the Google tag: it loads our bootstrap (app/domain/google-tag.ts). An
 *  attribute's quotes never appear as text in rendered content (React escapes them). */
export function startsGoogleTag(html: string): boolean {
  return html.includes(`src="${GOOGLE_TAG_SCRIPT}"`);
}

/** Stripe's hosted pages a payment form may be sent on to (Checkout, the customer portal, the bank's
 *  3-D Secure step): only used when the channel's payments go to Stripe, harmless otherwise. */
const STRIPE_ORIGINS = ['https://checkout.stripe.com', 'https://billing.stripe.com', 'https://hooks.stripe.com'];

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/* The same inline texts come back on every page (the app stylesheet, the channel's colours, the
   scroll restoration and ENV scripts): their hashes are kept, a few dozen at most. */
const MAX_KEPT_HASHES = 64;
const keptHashes = new Map<string, string>();
function hashOf(text: string): string {
  let hash = keptHashes.get(text);
  if (!hash) {
    hash = sha256(text);
    if (keptHashes.size >= MAX_KEPT_HASHES) keptHashes.delete(keptHashes.keys().next().value!);
    keptHashes.set(text, hash);
  }
  return hash;
}

/** The elements `<tag …>text</tag>` of a document React rendered (lower-case tags), in order. */
function rawTextElements(html: string, tag: 'script' | 'style'): { attributes: string; text: string }[] {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  const found: { attributes: string; text: string }[] = [];
  for (let at = html.indexOf(open); at !== -1; at = html.indexOf(open, at + 1)) {
    const next = html[at + open.length];
    if (next !== '>' && next !== ' ') continue;
    const tagEnd = html.indexOf('>', at);
    const end = tagEnd === -1 ? -1 : html.indexOf(close, tagEnd);
    if (end === -1) break;
    found.push({ attributes: html.slice(at + open.length, tagEnd), text: html.slice(tagEnd + 1, end) });
    at = end;
  }
  return found;
}

/** The hashes of the inline <script> (no src) and <style> elements of a document. Both are raw
 *  text elements: the browser hashes exactly the characters between the tags. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = rawTextElements(html, 'script')
    .filter((e) => !/\ssrc=/.test(e.attributes) && e.text.length > 0)
    .map((e) => hashOf(e.text));
  const styles = rawTextElements(html, 'style').map((e) => hashOf(e.text));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

export interface PolicyOptions {
  /** The path Remix routes: /watch_embed/{id} may be framed by any site, nothing else. */
  pathname: string;
  https: boolean;
  /** Hashes of the page's inline scripts and styles (none for a response that is not a page). */
  hashes?: { scripts: string[]; styles: string[] };
  /** The page starts the Google tag (startsGoogleTag): its origins are allowed, on no other response. */
  googleTag?: boolean;
}

export function contentSecurityPolicy({ pathname, https, hashes = { scripts: [], styles: [] }, googleTag = false }: PolicyOptions): string {
  const tag = googleTag ? GOOGLE_TAG_ORIGINS : { script: [], img: [], connect: [] };
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['script-src', ["'self'", ...hashes.scripts, ...recaptchaOrigins, ...tag.script]],
    ['script-src-attr', ["'none'"]],
    ['frame-src', ["'self'", ...recaptchaOrigins]],
    // <style> elements by hash; style attributes (React style props, Plyr) are allowed.
    ['style-src', ["'self'", ...hashes.styles]],
    ['style-src-elem', ["'self'", ...hashes.styles]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...tag.img]],
    // data: for the empty caption tracks hls.js adds for in-stream subtitles.
    ['media-src', ["'self'", 'blob:', 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...connectOrigins, ...tag.connect]],
    // Social sign-in and payment posts answer with a redirect to the provider's page (TOOLCHAIN §3,
    // PAYMENTS.md section 1: Chromium applies form-action to the redirect after a form post).
    ['form-action', ["'self'", ...socialOrigins, ...STRIPE_ORIGINS]],
    ['frame-ancestors', [/^\/watch_embed\/[^/]+\/?$/.test(pathname) ? '*' : "'self'"]],
  ];
  // Over plain http (a LAN address) upgrading would break every script.
  if (https) directives.push(['upgrade-insecure-requests', []]);
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}
