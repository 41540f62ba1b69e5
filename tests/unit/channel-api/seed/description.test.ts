import { describe, expect, it } from 'vitest';
import { demoChannel } from '../../../../channel-api/seed/demo-channel.ts';
import { channelDescription, DEFAULT_CAPABILITIES } from '../../../../channel-api/seed/description.ts';

/* A product's capabilities in a channel description (ADR 038): said per product, or its kind's default. */

const demo = demoChannel();
const withProducts = (packages: unknown[], subscriptions: unknown[]) => ({ ...demo, packages, subscriptions });
const [pass, ticket] = [demo.packages!.find((p) => p.type === 'package')!, demo.packages!.find((p) => p.type === 'event')!];
const plan = demo.subscriptions![0];
const strip = <T extends { capabilities?: unknown }>({ capabilities: _, ...rest }: T) => rest;

describe('a channel description’s capabilities', () => {
  it('the demo says explicitly what its default would be: a single game watches, a pass also clips, a subscription does everything', () => {
    const d = channelDescription.parse(demo);
    for (const p of d.packages) expect(p.capabilities).toEqual(DEFAULT_CAPABILITIES[p.type]);
    for (const s of d.subscriptions) expect(s.capabilities).toEqual(DEFAULT_CAPABILITIES.subscription);
    const bare = channelDescription.parse(withProducts([strip(pass), strip(ticket)], [strip(plan)]));
    expect(bare.packages.map((p) => p.capabilities)).toEqual([['watch', 'clipping'], ['watch']]);
    expect(bare.subscriptions[0].capabilities).toEqual(['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media_access']);
  });

  it('a product’s own list wins, even an empty one', () => {
    const d = channelDescription.parse(
      withProducts(
        [
          { ...pass, capabilities: ['watch', 'download'] },
          { ...ticket, capabilities: [] },
        ],
        [{ ...plan, capabilities: ['watch'] }],
      ),
    );
    expect(d.packages.map((p) => p.capabilities)).toEqual([['watch', 'download'], []]);
    expect(d.subscriptions[0].capabilities).toEqual(['watch']);
  });

  it('refuses a name the contract does not know, another case, or a repeat', () => {
    for (const capabilities of [['watch', 'teleport'], ['WATCH'], ['watch', 'watch']]) {
      expect(channelDescription.safeParse(withProducts([{ ...pass, capabilities }], [])).success).toBe(false);
      expect(channelDescription.safeParse(withProducts([], [{ ...plan, capabilities }])).success).toBe(false);
    }
  });
});
