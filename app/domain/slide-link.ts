/* Where a slide leads (spec: slidable_type + slidable_id): an event plays at /watch/{id}, a VOD
 * item at /vod_library/{id}, a page at its own url; a plain url slide uses link_url. */
interface SlideTarget {
  slidable_type: string;
  slidable_id: number | null;
  link_url: string | null;
}

export function slideHref(slide: SlideTarget, pages: ReadonlyArray<{ id: number; url: string }>): string | null {
  const id = slide.slidable_id;
  switch (slide.slidable_type) {
    case 'event':
      return id ? `/watch/${id}` : null;
    case 'vod':
      return id ? `/vod_library/${id}` : null;
    case 'page': {
      const page = pages.find((p) => p.id === id);
      return page ? `/${page.url.replace(/^\/+/, '')}` : null;
    }
    default:
      return safeLink(slide.link_url);
  }
}

/** Only same-site paths and http(s) URLs; never javascript: or data: links from channel data.
 *  A path never starts with `//` or `/\` (browsers read both as another host). */
export function safeLink(url: string | null | undefined): string | null {
  const u = url?.trim();
  if (!u) return null;
  if (u.startsWith('/') && u[1] !== '/' && u[1] !== '\\') return u;
  return /^https?:\/\//i.test(u) ? u : null;
}

export interface SlideView {
  id: number;
  /** null: the slide leads nowhere; '/…': a client-side link; else an external http(s) link. */
  href: string | null;
  image: string;
  title: string;
  subtitle: string | null;
}

/** The slides in the channel's order, each with where it leads (worked out in the loader). */
export function slideViews(
  slides: ReadonlyArray<SlideTarget & { id: number; weight: number; image: string; title: string; subtitle?: string | null }>,
  pages: ReadonlyArray<{ id: number; url: string }>,
): SlideView[] {
  return [...slides]
    .sort((a, b) => a.weight - b.weight || a.id - b.id)
    .map((s) => ({ id: s.id, href: slideHref(s, pages), image: s.image, title: s.title, subtitle: s.subtitle || null }));
}

export interface MenuLinkData {
  id: number;
  name: string;
  /** A same-site path (client navigation) or an http(s) URL. */
  href: string;
}

/** A channel menu in its order, without the items whose url is not a safe link. */
export function menuLinks(items: ReadonlyArray<{ id: number; name: string; url: string; weight: number }>): MenuLinkData[] {
  return [...items]
    .sort((a, b) => a.weight - b.weight || a.id - b.id)
    .flatMap((item) => {
      const href = safeLink(item.url);
      return href ? [{ id: item.id, name: item.name, href }] : [];
    });
}
