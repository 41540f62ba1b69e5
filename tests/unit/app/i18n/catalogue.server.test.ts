import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { catalogueScript } from '~/i18n/catalogue.server';
import { areas } from '~/i18n/messages';
import { loader } from '~/routes/i18n.$file';

/* The catalogue scripts a browser loads (ADR 055): a fan's has every area of the web app but the
   operator's report; an operator's has them all. */

/** What a catalogue script leaves in `window.__fhI18n`. */
function run(body: string): { src: string; audience: string; en: Record<string, string>; fr?: Record<string, string> } {
  const window: { __fhI18n?: unknown } = {};
  new Function('window', body)(window);
  return window.__fhI18n as ReturnType<typeof run>;
}

const reportIds = Object.keys(areas.report.en);
const watchIds = Object.keys(areas.watch.en);

describe('the catalogue scripts', () => {
  it.each(['en', 'fr'] as const)('a fan’s (%s) has the watch page’s words and none of the report’s; an operator’s has both', (locale) => {
    const fan = run(catalogueScript(locale, 'fan').body);
    const operator = run(catalogueScript(locale, 'operator').body);
    for (const messages of [fan.en, fan[locale]!]) {
      expect(Object.keys(messages)).toEqual(expect.arrayContaining(watchIds));
      expect(Object.keys(messages).filter((id) => id.startsWith('report.'))).toEqual([]);
    }
    for (const messages of [operator.en, operator[locale]!]) expect(Object.keys(messages)).toEqual(expect.arrayContaining([...watchIds, ...reportIds]));
    expect([fan.audience, operator.audience]).toEqual(['fan', 'operator']);
    expect(fan.src).toMatch(new RegExp(`^/i18n/${locale}\\.js\\?v=[\\w-]{12}$`));
    expect(operator.src).toMatch(new RegExp(`^/i18n/${locale}-operator\\.js\\?v=[\\w-]{12}$`));
  });

  it('are served at their addresses, kept a year at their version; another name is not found', async () => {
    const get = (file: string, query = '') =>
      loader({ params: { file }, request: new Request(`http://x/i18n/${file}${query}`), context: {} as AppLoadContext });
    for (const audience of ['fan', 'operator'] as const) {
      const script = catalogueScript('en', audience);
      const res = await get(new URL(script.src, 'http://x').pathname.slice('/i18n/'.length), `?v=${script.version}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(script.body);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    }
    for (const file of ['en-admin.js', 'de.js', 'en-operator.json', 'operator.js']) expect((await get(file)).status, file).toBe(404);
  });

  it('a fan’s is lighter by the report’s words', () => {
    const [fan, operator] = [catalogueScript('en', 'fan').body.length, catalogueScript('en', 'operator').body.length];
    expect(operator - fan).toBeGreaterThan(JSON.stringify(areas.report.en).length - 100);
  });
});
