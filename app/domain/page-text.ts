/* Channel texts (pages, static blocks, FAQ answers) are plain text: paragraphs split by blank lines. */
export function paragraphs(body: string | null | undefined): string[] {
  return (body ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** '<page> | <channel name>', the document title on every page. */
export function documentTitle(page: string | null | undefined, channelName: string | null | undefined): string {
  const channel = channelName?.trim() || 'Fieldhouse';
  const p = page?.trim();
  return p && p !== channel ? `${p} | ${channel}` : channel;
}

/** A custom page's url as a path without slashes at either end, for matching the splat route. */
export function normalisePagePath(url: string): string {
  return url
    .trim()
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}
