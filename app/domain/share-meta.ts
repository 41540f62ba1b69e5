/* The link preview of a shared clip (/share/{id}/{uuid}): Open Graph and Twitter card tags, with
   absolute addresses (a preview is fetched by another site's robot, which knows no base URL). */
import type { MetaDescriptor } from '@remix-run/node';

export interface SharePreview {
  title: string;
  description: string;
  /** The page's own absolute address. */
  url: string;
  /** Absolute: the 1200×630 preview JPEG, the MP4 and its size; null while the clip is being made. */
  media: { image: string; video: string; width: number; height: number } | null;
}

export function shareMeta(p: SharePreview): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { property: 'og:type', content: p.media ? 'video.other' : 'website' },
    { property: 'og:title', content: p.title },
    { property: 'og:description', content: p.description },
    { property: 'og:url', content: p.url },
    { name: 'twitter:card', content: p.media ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: p.title },
    { name: 'twitter:description', content: p.description },
  ];
  if (!p.media) return tags;
  return [
    ...tags,
    { property: 'og:image', content: p.media.image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:video', content: p.media.video },
    { property: 'og:video:type', content: 'video/mp4' },
    { property: 'og:video:width', content: String(p.media.width) },
    { property: 'og:video:height', content: String(p.media.height) },
    { name: 'twitter:image', content: p.media.image },
  ];
}
