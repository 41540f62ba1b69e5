import type { VodRailData } from '~/domain/vod-card';
import { RailFrame } from './RailFrame';

/** A rail that moves only by hand (the loader leaves out rails without videos). */
export function StaticRail({ rail }: { rail: VodRailData }) {
  return <RailFrame rail={rail} />;
}
