/* Channel texts (pages, static blocks, FAQ answers) are plain text: paragraphs split by blank lines.
   A custom page is found by its url. */
export function paragraphs(body: string | null | undefined): string[] {
  return (body ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A custom page's url as a path without slashes at either end, for matching the splat route. */
export function normalisePagePath(url: string): string {
  return url
    .trim()
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}
