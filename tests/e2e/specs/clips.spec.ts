/* Clips (issue 25, 34): a subscriber clips a finished game from the Clip form under the player (the
   spec's messages for each bad field first), sees it being made then ready with its poster on the
   profile's Clips tab, watches it on its page, shares it (a visitor in a fresh browser plays it, no
   cookie, with its link preview's tags and the next steps: the full game, Log in or register, share
   links, more games), downloads it, renames it and deletes it; clips the last 30 s of a live game in
   one press (a default name and tag, renamed on its page); and
   the refusals: no Download without download_clip, no Clip form for a visitor, another fan's clip
   and a wrong share link are not found. Plain forms without JavaScript, the same with it. */
import type { Page } from '@playwright/test';
import { CLIP_TOO_LONG } from '../../../app/forms/clip.ts';
import { CLIP_MSG } from '../../../contract/clips.ts';
import type { EventDetail } from '../../../contract/entities.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { eventTitle, listEvents } from '../support/channel.ts';
import { buyPass, subscribe } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { appHydrated } from '../support/hydration.ts';
import { CHANNEL_API_URL, WEB_URL } from '../support/urls.ts';

const PROCESSED = { timeout: 60_000 };
/** The Clips tab, or its refresh without JavaScript while a clip is being made. */
const CLIPS_TAB = new RegExp(`^${WEB_URL}/profile/clips(\\?poll=\\d+)?$`);

/** A game of `status` whose Clip form this fan gets (the channel's features.clip). */
async function clippable(apiKey: string, status: 'finished' | 'live'): Promise<EventDetail> {
  const { items } = await listEvents({ stream_status: status, limit: 50 });
  for (const e of items) {
    const res = await fetch(`${CHANNEL_API_URL}/events/${e.id}?api_key=${encodeURIComponent(apiKey)}`);
    const { data } = (await res.json()) as { data: EventDetail };
    if (data.features.clip.state === 'allowed' && data.url) return data;
  }
  throw new Error(`no ${status} game this fan may clip`);
}

/** The channel's clip tags. */
async function clipTags(): Promise<string[]> {
  const res = await fetch(`${CHANNEL_API_URL}/settings`);
  return ((await res.json()) as { data: { clip_tags: string[] } }).data.clip_tags;
}

function clipForm(page: Page) {
  const form = page.getByRole('region', { name: 'Clip' });
  return {
    form,
    name: form.getByLabel('Name'),
    start: form.getByLabel('Start'),
    end: form.getByLabel('End'),
    tag: (tag: string) => form.getByRole('checkbox', { name: tag }),
    make: form.getByRole('button', { name: 'Make clip' }),
    last30: form.getByRole('button', { name: 'Clip the last 30 s' }),
  };
}

/** The clip's card on the Clips tab. */
const clipCard = (page: Page, name: string) => page.getByRole('listitem', { name });

test("the clip forms' code loads apart from the page's: the server's form is whole meanwhile, then hydrates without an error", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  await subscribe(apiKey);
  const game = await clippable(apiKey, 'finished');
  const [tag] = await clipTags();
  // The module holding the forms (ClipForms, with conform and zod: ADR 066) is not among those the
  // page starts with; the page carries the whole form.
  const html = await (await page.request.get(`/watch/${game.id}`, { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('Make clip');
  const firstModules = JSON.parse(/id="fh-module-preloads">([^<]*)</.exec(html)?.[1] ?? '[]') as string[];
  expect(firstModules.length).toBeGreaterThan(3);
  for (const url of firstModules) {
    expect(await (await page.request.get(url)).text(), `${url} holds conform`).not.toContain('Form element is required to trigger submission');
  }

  await page.goto(`/watch/${game.id}`);
  const clip = clipForm(page);
  await expect(clip.name).toBeVisible();
  await expect(clip.tag(tag)).toBeVisible();
  await expect(clip.make).toBeVisible();
  if (!javaScriptEnabled) return;
  await appHydrated(page);
  // Hydrated: the fields check themselves as the fan leaves them (conform), and "Set start" reads the player.
  await expect(clip.form.getByRole('button', { name: 'Set start' })).toBeVisible();
  await clip.name.focus();
  await clip.name.blur();
  await expect(clip.form.getByText(CLIP_MSG.required)).toBeVisible();
  expect(errors, 'no error while the forms hydrated (a hydration mismatch would log one)').toEqual([]);
});

test('a subscriber clips a finished game: the messages, being made then ready, its page, its share page for a visitor, download and delete', async ({
  page,
  context,
  browser,
  javaScriptEnabled,
  checkA11y,
}) => {
  test.slow();
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  await subscribe(apiKey);
  const game = await clippable(apiKey, 'finished');
  const [tag] = await clipTags();

  await page.goto(`/watch/${game.id}`);
  const clip = clipForm(page);
  await expect(clip.last30, 'a finished game has no "last 30 s"').toHaveCount(0);
  // Nothing filled in: the spec's words on every field.
  await clip.make.click();
  await expect(clip.form.getByText(CLIP_MSG.required)).toBeVisible();
  await expect(clip.form.getByText(CLIP_MSG.tag)).toBeVisible();
  await expect(clip.form.getByText(CLIP_MSG.time)).toHaveCount(2);
  await expect(clip.name).toHaveAttribute('aria-invalid', 'true');
  await checkA11y();

  await clip.name.fill('The block');
  await clip.tag(tag).check();
  await clip.start.fill('0:40');
  await clip.end.fill('0:10');
  await clip.make.click();
  await expect(clip.form.getByText(CLIP_MSG.endBeforeStart)).toBeVisible();
  await expect(clip.form.getByText(CLIP_MSG.required)).toHaveCount(0);

  await clip.start.fill('0:00');
  await clip.end.fill('5:01');
  await clip.make.click();
  await expect(clip.form.getByText(CLIP_TOO_LONG)).toBeVisible();

  if (javaScriptEnabled) {
    // "Set start" reads the player's position (the video has not started: 0:00).
    await clip.start.fill('9:99');
    await clip.form.getByRole('button', { name: 'Set start' }).click();
    await expect(clip.start).toHaveValue('0:00');
  }
  await clip.start.fill('0:04');
  await clip.end.fill('14');
  // Kept through the refusals without JavaScript too.
  await expect(clip.tag(tag)).toBeChecked();
  await clip.make.click();
  // The toast (without JavaScript the tab's first refresh may replace it before it is read).
  if (javaScriptEnabled) await expect(page.getByText('Your clip “The block” is being made')).toBeVisible();
  const card = clipCard(page, 'The block');
  await expect(card.getByText(/^(Being made \d+ %|Ready)$/)).toBeVisible();
  await expect(card.getByRole('link', { name: game.name, exact: true })).toBeVisible();
  await expect(card.getByText('0:10')).toBeVisible();
  await checkA11y();
  // The tab asks again by itself (a refresh without JavaScript, a revalidation with it).
  await expect(card.getByText('Ready')).toBeVisible(PROCESSED);
  await expect(page).toHaveURL(CLIPS_TAB);
  // Its poster, once made: a lazy image of its own size, its name beside it.
  const poster = card.locator('img.clip-card__poster');
  await expect(poster).toHaveAttribute('loading', 'lazy');
  await expect(poster).toHaveAttribute('alt', '');
  await expect(poster).toHaveAttribute('width', /^\d+$/);
  await expect(poster).toHaveAttribute('height', /^\d+$/);
  expect((await page.request.get((await poster.getAttribute('src'))!)).headers()['content-type']).toBe('image/jpeg');
  await checkA11y();
  const shareUrl = await card.getByLabel('Share link of The block').inputValue();
  expect(shareUrl).toMatch(new RegExp(`^${WEB_URL}/share/\\d+/[0-9a-f-]{36}$`));
  if (javaScriptEnabled) await expect(card.getByRole('button', { name: 'Copy share link of the block' })).toBeVisible();

  // Its page: the clip in the player, its game, its share link, Download (a subscription has download_clip).
  await card.getByRole('link', { name: 'The block', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The block' })).toBeVisible();
  const clipPath = new URL(page.url()).pathname;
  expect(clipPath).toMatch(/^\/watch_library\/\d+$/);
  await expect(page.getByRole('link', { name: game.name, exact: true }).first()).toHaveAttribute('href', `/watch/${game.id}`);
  const source = await page.locator('video source[type="video/mp4"]').getAttribute('src');
  expect((await page.request.get(source!)).status()).toBe(200);
  await checkA11y();

  const download = await page.request.get(`${clipPath}/download`, { maxRedirects: 0 });
  expect(download.status()).toBe(303);
  const file = await page.request.get(download.headers().location);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('video/mp4');
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="[^"]+\.mp4"/);
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `${clipPath}/download`);

  // Shared: a visitor in a fresh browser, no cookie, plays it; the link preview names it.
  const visitor = await browser.newContext({ javaScriptEnabled });
  try {
    const shared = await visitor.newPage();
    const res = await shared.goto(shareUrl);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['set-cookie'], 'the share page sets no cookie').toBeUndefined();
    expect(res!.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(await visitor.cookies(WEB_URL)).toEqual([]);
    await expect(shared.getByRole('heading', { level: 1, name: 'The block' })).toBeVisible();
    // The game's own link comes first; its rematches among the more games below share its name.
    await expect(shared.getByRole('link', { name: game.name, exact: true }).first()).toHaveAttribute('href', `/watch/${game.id}`);
    await expect(shared.locator('meta[property="og:title"]')).toHaveAttribute('content', 'The block');
    const image = await shared.locator('meta[property="og:image"]').getAttribute('content');
    const video = await shared.locator('meta[property="og:video"]').getAttribute('content');
    expect(image).toMatch(new RegExp(`^${WEB_URL}/media/.+\\.jpg$`));
    expect(video).toMatch(new RegExp(`^${WEB_URL}/media/.+\\.mp4$`));
    await expect(shared.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    expect((await shared.request.get(image!)).headers()['content-type']).toBe('image/jpeg');
    const sharedSrc = await shared.locator('video source[type="video/mp4"]').getAttribute('src');
    expect((await shared.request.get(sharedSrc!)).status()).toBe(200);
    // A wrong uuid is not found.
    // What a visitor does next: the full game, Log in or register, share it on, more games.
    await expect(shared.getByRole('link', { name: /^Watch the full game/ })).toHaveAttribute('href', `/watch/${game.id}`);
    const sharePath = new URL(shareUrl).pathname;
    await expect(shared.getByRole('link', { name: 'Log in', exact: true }).last()).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(sharePath)}`,
    );
    await expect(shared.getByRole('link', { name: 'register', exact: true })).toHaveAttribute(
      'href',
      `/registration?redirectTo=${encodeURIComponent(sharePath)}`,
    );
    const shareLinks = shared.getByRole('region', { name: 'Share this clip' });
    await expect(shareLinks.getByLabel('Link to this clip')).toHaveValue(shareUrl);
    const mail = (await shareLinks.getByRole('link', { name: 'E-mail' }).getAttribute('href'))!;
    expect(decodeURIComponent(mail)).toBe(`mailto:?subject=The block&body=The block\n${shareUrl}`);
    const x = new URL((await shareLinks.getByRole('link', { name: /^X/ }).getAttribute('href'))!);
    expect([x.origin + x.pathname, x.searchParams.get('url')]).toEqual(['https://x.com/intent/post', shareUrl]);
    const fb = new URL((await shareLinks.getByRole('link', { name: /^Facebook/ }).getAttribute('href'))!);
    expect([fb.origin + fb.pathname, fb.searchParams.get('u')]).toEqual(['https://www.facebook.com/sharer/sharer.php', shareUrl]);
    const more = shared.getByRole('region', { name: /^More / });
    await expect(more.getByRole('article').first()).toBeVisible();
    const wrong = await shared.goto(shareUrl.replace(/[0-9a-f]{12}$/, '000000000000'));
    expect(wrong!.status()).toBe(404);
  } finally {
    await visitor.close();
  }
  // The share page as the fan sees it: the same page, scanned.
  await page.goto(new URL(shareUrl).pathname);
  await expect(page.getByRole('link', { name: /^Watch the full game/ })).toBeVisible();
  await checkA11y();

  // Renamed on its page: the spec's words for a bad name, then the new name everywhere.
  await page.goto(clipPath);
  const rename = page.getByRole('region', { name: 'Rename' });
  await expect(rename.getByLabel('Name')).toHaveValue('The block');
  await rename.getByLabel('Name').fill('   ');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText(CLIP_MSG.required)).toBeVisible();
  await expect(rename.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await checkA11y();
  await rename.getByLabel('Name').fill('The big block');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your clip is renamed “The big block”.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'The big block' })).toBeVisible();

  // Deleted after a confirmation step: gone from the tab, its page and its share link.
  await page.getByRole('link', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delete this clip?' })).toBeVisible();
  await checkA11y();
  await page.getByRole('button', { name: 'Delete clip' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/profile/clips`);
  await expect(page.getByText('Your clip “The big block” is deleted.')).toBeVisible();
  await expect(page.getByText('You have no clips yet.')).toBeVisible();
  expect((await page.request.get(clipPath)).status()).toBe(404);
  // The share page is shared content, kept for the content TTL: gone once that passes.
  await expect.poll(async () => (await page.request.get(new URL(shareUrl).pathname)).status(), { timeout: 15_000 }).toBe(404);
});

test('a subscriber clips the last 30 s of a live game in one press, named after the game and the minute, and renames it', async ({
  page,
  context,
  checkA11y,
}) => {
  test.slow();
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  await subscribe(apiKey);
  const game = await clippable(apiKey, 'live');
  const [tag] = await clipTags();
  await page.goto(`/watch/${game.id}`);
  const clip = clipForm(page);
  await checkA11y();
  // One press: no name, no tag, no times (before where the fan's player is, else the live edge).
  await clip.last30.click();
  const defaultName = new RegExp(`^${eventTitle(game).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · \\d+′$`);
  const card = page.getByRole('listitem', { name: defaultName });
  await expect(card.getByText('Ready')).toBeVisible(PROCESSED);
  // Asked once the tab stopped refreshing itself (without JavaScript it navigates until then).
  await expect(page).toHaveURL(CLIPS_TAB);
  await expect(card.getByRole('link', { name: game.name, exact: true })).toBeVisible();
  await expect(card.getByText(/^0:[0-3]\d$/)).toBeVisible();
  await expect(card.getByText(tag, { exact: true }), "the channel's default tag").toBeVisible();

  // Renamed later, on its page.
  await card.getByRole('link', { name: defaultName }).click();
  const rename = page.getByRole('region', { name: 'Rename' });
  await rename.getByLabel('Name').fill('Just now');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Just now' })).toBeVisible();
  await checkA11y();
  await page.goto('/profile/clips');
  await expect(clipCard(page, 'Just now')).toBeVisible();
});

test('without download_clip no Download; a visitor gets no Clip form; another fan’s clip is not found', async ({
  page,
  context,
  browser,
  javaScriptEnabled,
}) => {
  test.slow();
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  await buyPass(apiKey);
  const game = await clippable(apiKey, 'finished');
  const [tag] = await clipTags();
  await page.goto(`/watch/${game.id}`);
  const clip = clipForm(page);
  await clip.name.fill('Pass clip');
  await clip.tag(tag).check();
  await clip.start.fill('0:05');
  await clip.end.fill('0:12');
  await clip.make.click();
  const card = clipCard(page, 'Pass clip');
  await expect(card.getByText('Ready')).toBeVisible(PROCESSED);
  await expect(page).toHaveURL(CLIPS_TAB);
  await expect(card.getByRole('link', { name: /^Download/ })).toHaveCount(0);
  await card.getByRole('link', { name: 'Pass clip', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pass clip' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0);
  const clipPath = new URL(page.url()).pathname;
  // Asked for anyway: refused, back on the clip's page.
  await page.goto(`${clipPath}/download`);
  await expect(page).toHaveURL(`${WEB_URL}${clipPath}`);
  await expect(page.getByText('Clip downloads come with the Monthly subscription or the Annual subscription.')).toBeVisible();

  const other = await browser.newContext({ javaScriptEnabled });
  try {
    // A visitor: the reason, no form.
    const visitorPage = await other.newPage();
    await visitorPage.goto(`/watch/${game.id}`);
    await expect(visitorPage.getByRole('region', { name: 'Clip and download' }).getByText('Log in or register to clip and download this game.')).toBeVisible();
    await expect(visitorPage.getByRole('button', { name: 'Make clip' })).toHaveCount(0);
    // Another fan: this fan's clip does not exist for them.
    await signIn(other, await createVerifiedUser());
    const res = await visitorPage.goto(clipPath);
    expect(res!.status()).toBe(404);
    expect((await visitorPage.request.get(`${clipPath}/download`, { maxRedirects: 0 })).headers().location).toBe('/404');
  } finally {
    await other.close();
  }
});
