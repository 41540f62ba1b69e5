import type { VodMediaItem } from '#contract/entities';
import { vodCardData } from '~/domain/vod-card';
import { VodTile } from './VodTile';

export { vodImage } from '~/domain/vod-card';

/** One on-demand video from its wire shape. Loaders that can should send `vodCardData` and use VodTile. */
export function VodCard({ item }: { item: VodMediaItem }) {
  return <VodTile card={vodCardData(item)} />;
}
