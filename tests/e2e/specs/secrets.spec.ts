/* A fan's api key lives in the encrypted HttpOnly session cookie and nowhere the browser can read;
   an anonymous visitor's pages carry no key and set no cookie at all.
   (The fixture checks every body of every test too; this test walks the pages on purpose,
   with client-side navigation and its `?_data` JSON when JavaScript is on.) */
import { MEDIA_TRAVERSALS } from '../../support/traversals.ts';
import { createVerifiedUser } from '../support/accounts.ts';
import { channelKey, finishedEvent, newApiKey } from '../support/channel.ts';
import { API_KEY_SHAPE, collectBodies, expect, test } from '../support/fixtures.ts';
import { openAccountMenu } from '../support/header.ts';
import { rawRequest } from '../support/raw-http.ts';
import { WEB_URL } from '../support/urls.ts';

test('no page, script or data response holds an api key; the session cookie is HttpOnly', async ({ page, context, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  // The pattern really recognises the channel API's keys. It asks for a digit and both cases (so
  // ordinary words never match), which about one random key in 250 lacks: of three, one matches.
  const samples = await Promise.all([newApiKey(), newApiKey(), newApiKey()]);
  expect(samples.some((key) => API_KEY_SHAPE.test(` ${key} `))).toBe(true);

  const collected = collectBodies(page);

  const event = await finishedEvent('free');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Live', 'Schedule', 'On demand', 'Packages']) {
    await nav.getByRole('link', { name }).click();
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  await page.goto(`/watch/${event.id}`);
  await expect(page.locator('video')).toHaveCount(1);
  expect(await context.cookies(WEB_URL), 'an anonymous visitor gets no cookie').toEqual([]);

  // A fan signs in: their own key now travels in their session, and is still never shown.
  const user = await createVerifiedUser();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${WEB_URL}/watch/${event.id}`);
  await (await openAccountMenu(page)).getByRole('link', { name: `${user.first_name}'s profile` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

  const bodies = await collected.stop();
  if (javaScriptEnabled) {
    // The scripts and the client-side navigation data were among what was checked.
    expect(bodies.some((b) => b.url.includes('/build/'))).toBe(true);
    expect(bodies.some((b) => b.url.includes('_data='))).toBe(true);
  }
  const key = await channelKey();
  const leaks = bodies.filter((b) => b.text.includes(key) || API_KEY_SHAPE.test(b.text)).map((b) => b.url);
  expect(leaks).toEqual([]);

  const cookies = await context.cookies(WEB_URL);
  const session = cookies.find((c) => c.name === '__session');
  expect(session, 'the fan got a session cookie').toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe('Lax');
  // The cookie is encrypted (app/http/cookies.server.ts): neither it nor its base64 decoding shows
  // the key or the fan (tests/unit/app/http/session-cookie.server.test.ts looks harder).
  const value = decodeURIComponent(session!.value);
  for (const text of [value, Buffer.from(value, 'base64url').toString('latin1')]) {
    expect(text).not.toContain('apiKey');
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.first_name);
  }
});

test('no spelling of a /media path reaches past the media area to the channel key or an api call', async () => {
  const key = await channelKey();
  for (const target of MEDIA_TRAVERSALS) {
    const res = await rawRequest('GET', target);
    expect(res.status, target).toBe(404);
    expect(res.body, target).not.toContain(key);
    expect(API_KEY_SHAPE.test(res.body), target).toBe(false);
  }
  // What the proxy is for still passes.
  const playlist = await rawRequest('GET', '/media/vod/game-1/master.m3u8');
  expect(playlist.status).toBe(200);
  expect(playlist.body).toContain('#EXTM3U');
});
