import { describe, expect, it } from 'vitest';
import { VOD_MAIN_RENDITION, VOD_RENDITIONS } from '../../../../channel-api/media/assets.ts';
import { parseMasterPlaylist, vodMasterPlaylist } from '../../../../channel-api/media/hls-master.ts';

/* The VOD quality ladder (ADR 047): more pixels, more bits, up to at least 540p. What the master
 * playlist declares for real media is checked against the encoded segments in
 * tests/integration/media/media.test.ts. */

const byHeight = [...VOD_RENDITIONS].sort((a, b) => a.height - b.height);

describe('the VOD ladder', () => {
  it('rises: each rung has more pixels and more bits than the one below', () => {
    for (let i = 1; i < byHeight.length; i++) {
      expect(byHeight[i].width).toBeGreaterThan(byHeight[i - 1].width);
      expect(byHeight[i].videoKbps + byHeight[i].audioKbps).toBeGreaterThan(byHeight[i - 1].videoKbps + byHeight[i - 1].audioKbps);
      expect(byHeight[i].videoKbps).toBeGreaterThan(byHeight[i - 1].videoKbps);
    }
  });

  it('is topped by at least 540p, and every rung is 16:9', () => {
    expect(byHeight.at(-1)!.height).toBeGreaterThanOrEqual(540);
    for (const r of VOD_RENDITIONS) expect(r.width * 9).toBe(r.height * 16);
    expect(VOD_RENDITIONS).toContain(VOD_MAIN_RENDITION);
  });

  it('a master playlist says what each rendition is, and parses back', () => {
    const variants = VOD_RENDITIONS.map((r) => ({
      playlist: `${r.name}.m3u8`,
      width: r.width,
      height: r.height,
      fps: 25,
      peakBandwidth: (r.videoKbps + r.audioKbps) * 1100,
      averageBandwidth: (r.videoKbps + r.audioKbps) * 1050,
    }));
    const parsed = parseMasterPlaylist(vodMasterPlaylist(variants));
    expect(parsed).toEqual(
      variants.map((v) => ({ uri: v.playlist, bandwidth: v.peakBandwidth, averageBandwidth: v.averageBandwidth, width: v.width, height: v.height })),
    );
  });
});
