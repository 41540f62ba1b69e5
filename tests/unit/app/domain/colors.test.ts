import { describe, expect, it } from 'vitest';
import { colorCss, colorVariables, contrastRatio, hexToRgb, readableOn } from '~/domain/colors';

describe('colour settings → CSS custom properties', () => {
  const settings = {
    'header-background': '#0A2540',
    'header-text': '#ffffff',
    'body-background': '#F7F7F2',
    'body-text': '#1a1a1a',
    footer: '#102030',
    primary: '#C8102E',
  };

  it('gives every colour its rgb value', () => {
    const v = colorVariables(settings);
    expect(v['--header-background']).toBe('rgb(10 37 64)');
    expect(v['--primary']).toBe('rgb(200 16 46)');
  });

  it('adds exactly the opacity variants of spec section 3', () => {
    const v = colorVariables(settings);
    const variants = (key: string) =>
      Object.keys(v)
        .filter((k) => k.startsWith(`--${key}-`) && /-\d+$/.test(k))
        .map((k) => Number(k.slice(k.lastIndexOf('-') + 1)));
    expect(variants('footer')).toEqual([20, 50, 70]);
    expect(variants('body-background')).toEqual([10, 20, 50, 70]);
    expect(variants('body-text')).toEqual([5, 10, 20, 50, 70, 95]);
    expect(variants('header-text')).toEqual([50]);
    expect(variants('header-background')).toEqual([10, 50, 70]);
    expect(variants('primary')).toEqual([]);
    expect(v['--body-text-50']).toBe('rgb(26 26 26 / 0.5)');
    expect(v['--body-text-5']).toBe('rgb(26 26 26 / 0.05)');
    expect(v['--footer-70']).toBe('rgb(16 32 48 / 0.7)');
  });

  it('picks a readable text colour for each background', () => {
    const v = colorVariables(settings);
    expect(v['--on-header-background']).toBe('rgb(255 255 255)');
    expect(v['--on-body-background']).toBe('rgb(17 17 17)');
    expect(contrastRatio(hexToRgb('#C8102E')!, readableOn(hexToRgb('#C8102E')!))).toBeGreaterThanOrEqual(4.5);
  });

  it('skips bad values and keys that could break out of the rule', () => {
    const v = colorVariables({ ok: '#abc', bad: 'red', 'x;}body{color:red': '#000000', 'url(': '#123456' });
    expect(v['--ok']).toBe('rgb(170 187 204)');
    expect(Object.keys(v).some((k) => k.includes('bad') || k.includes(';') || k.includes('('))).toBe(false);
  });

  it('renders a :root rule, or nothing for no colours', () => {
    expect(colorCss({ footer: '#000000' })).toBe(
      ':root{--footer:rgb(0 0 0);--footer-20:rgb(0 0 0 / 0.2);--footer-50:rgb(0 0 0 / 0.5);--footer-70:rgb(0 0 0 / 0.7);--on-footer:rgb(255 255 255)}',
    );
    expect(colorCss({})).toBe('');
    expect(colorCss(null)).toBe('');
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([119, 119, 119], [255, 255, 255])).toBeCloseTo(4.48, 2);
  });
});
