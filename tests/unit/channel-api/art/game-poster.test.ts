import { describe, expect, it } from 'vitest';
import { crestLook } from '../../../../channel-api/art/crest.ts';
import { renderGamePoster, type GamePosterSpec } from '../../../../channel-api/art/game-poster.ts';
import { demoChannel } from '../../../../channel-api/seed/demo-channel.ts';
import { channelDescription, imageSpec } from '../../../../channel-api/seed/description.ts';
import { posterDays, renderSvg } from '../../../../channel-api/seed/svg.ts';

const bayside = { seed: 'bayside', monogram: 'BM', color: '#00574B', name: 'Bayside' };
const lakeview = { seed: 'lakeview', monogram: 'LV', color: '#5B1A8B', name: 'Lakeview' };
const riverbend = { seed: 'riverbend', monogram: 'RO', color: '#8D2B0B', name: 'Riverbend' };
const game: GamePosterSpec = { title: 'Boys Soccer: Bayside at Lakeview', sport: 'Boys Soccer', away: bayside, home: lakeview };

describe('a game poster', () => {
  it('names and draws both schools: their names, colours and monograms, the sport and the title', () => {
    const svg = renderGamePoster(game);
    expect(svg).toContain('<title id="t">Boys Soccer: Bayside at Lakeview</title>');
    for (const text of ['>BAYSIDE<', '>LAKEVIEW<', '>BM<', '>LV<', '>BOYS SOCCER<']) expect(svg).toContain(text);
    // The away half in the away school's colour, the home half in the home school's.
    expect(svg).toContain('<path d="M0 0H730L550 720H0Z" fill="#00574B"/>');
    expect(svg).toContain('<path d="M730 0H1280V720H550Z" fill="#5B1A8B"/>');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 1280 720"[^>]*role="img" aria-labelledby="t">/);
  });

  it('is the same drawing for the same game, every time', () => {
    expect(renderGamePoster(game)).toBe(renderGamePoster(structuredClone(game)));
    expect(crestLook({ seed: 'bayside' })).toEqual(crestLook({ seed: 'bayside' }));
  });

  it('differs between two games', () => {
    const other = renderGamePoster({ ...game, title: 'Boys Soccer: Riverbend at Lakeview', away: riverbend });
    expect(other).not.toBe(renderGamePoster(game));
    const reversed = renderGamePoster({ ...game, title: 'Boys Soccer: Lakeview at Bayside', away: lakeview, home: bayside });
    expect(reversed).not.toBe(renderGamePoster(game));
  });

  it('stays small: a few kB of SVG', () => {
    expect(Buffer.byteLength(renderGamePoster(game))).toBeLessThan(4_000);
  });

  it('escapes what it writes', () => {
    const svg = renderGamePoster({ ...game, title: 'A <b> & "c"', away: { ...bayside, name: 'O<Neil' } });
    expect(svg).toContain('<title id="t">A &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(svg).toContain('>O&lt;NEIL<');
  });
});

describe('the demo channel’s art', () => {
  const channel = demoChannel();
  const images = (channel.images ?? []).map((i) => imageSpec.parse(i));
  const byUrl = new Map(images.map((i) => [`/media/images/${i.name}.svg`, i]));

  it('gives every game a poster of its own, drawn from its two schools', () => {
    const events = channel.events ?? [];
    const posters = events.map((e) => e.image);
    expect(new Set(posters).size).toBe(events.length);
    for (const e of events) {
      const spec = byUrl.get(e.image ?? '');
      expect(spec?.style, e.key).toBe('game');
      if (spec?.style !== 'game') continue;
      expect(spec.title).toBe(e.name);
      // The teams' aliases start with their schools' (harbor-point-boys-soccer).
      expect(e.participants?.[0]).toContain(spec.away.seed);
      expect(e.participants?.[1]).toContain(spec.home.seed);
    }
    // Drawn as the loader draws them: a rematch is told apart by its day.
    const days = posterDays(channelDescription.parse(channel).events, Date.UTC(2026, 10, 28, 18) / 1000, channelDescription.parse(channel).settings.time_zone);
    const svgs = events.map((e) => {
      const spec = byUrl.get(e.image ?? '')!;
      return renderSvg(spec, { day: spec.style === 'game' && spec.day_of ? days.get(spec.day_of) : undefined });
    });
    expect(new Set(svgs).size).toBe(events.length);
    expect(svgs.find((svg) => svg.includes('>Sat, Nov 28<'))).toBeDefined();
  });

  it('draws each school’s logo as a crest, not initials in a circle, and no two schools alike', () => {
    const logos = images.filter((i) => i.name.startsWith('logo-'));
    expect(logos).toHaveLength(8);
    const looks = new Set<string>();
    for (const logo of logos) {
      expect(logo.style).toBe('crest');
      const svg = renderSvg(logo);
      expect(svg).not.toContain('<circle');
      expect(svg).toMatch(/<title id="t">.+ logo<\/title>/);
      if (logo.style === 'crest') looks.add(JSON.stringify({ ...crestLook(logo.crest), color: logo.crest.color }));
    }
    expect(looks.size).toBe(8);
  });
});
