/* The fair clip queue (issue 37, ADR 057), with JavaScript off and on: a fan who already has
   CLIPS_IN_PROGRESS_MAX clips being made is told so on the Clip form, and nothing more is made (the
   profile counts three). On a second site whose channel API cuts no clips
   (CLIP_FFMPEG_CONCURRENCY=0), so the fan's clips stay "being made" as long as the test needs. */
import type { EventDetail } from '#contract';
import { CLIP_LIMIT_MSG, CLIPS_IN_PROGRESS_MAX } from '../../../contract/clips.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { listEvents } from '../support/channel.ts';
import { subscribe } from '../support/commerce.ts';
import { expect, scanPagesOf, test } from '../support/fixtures.ts';
import { startSecondSite, type SecondSite } from '../support/second-site.ts';

let site: SecondSite;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSecondSite({ env: { CLIP_FFMPEG_CONCURRENCY: '0' } });
  scanPagesOf(site.url);
});

test.afterAll(async () => {
  await site?.close();
});

/** A finished game of the second site that this fan may clip. */
async function clippable(apiKey: string): Promise<EventDetail> {
  const { items } = await listEvents({ stream_status: 'finished', limit: 50 }, site);
  for (const e of items) {
    const res = await fetch(`${site.channelApiUrl}/events/${e.id}?api_key=${encodeURIComponent(apiKey)}`);
    const { data } = (await res.json()) as { data: EventDetail };
    if (data.features.clip.state === 'allowed' && data.url) return data;
  }
  throw new Error('no finished game this fan may clip');
}

test(`a fan with ${CLIPS_IN_PROGRESS_MAX} clips being made is told to wait on the Clip form, and nothing more is made`, async ({
  page,
  context,
  checkA11y,
}) => {
  test.slow();
  const fan = await createVerifiedUser({}, site);
  const { apiKey } = await signIn(context, fan, site);
  await subscribe(apiKey, undefined, site);
  const game = await clippable(apiKey);
  const tags = ((await (await fetch(`${site.channelApiUrl}/settings`)).json()) as { data: { clip_tags: string[] } }).data.clip_tags;

  // Three clips asked a moment ago (as three presses of the form would), all still being made.
  for (let i = 1; i <= CLIPS_IN_PROGRESS_MAX; i++) {
    const res = await fetch(`${site.channelApiUrl}/clip`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: apiKey, event_id: game.id, name: `Moment ${i}`, start_time: i, duration: 5, tags: [tags[0]] }),
    });
    expect(res.status, await res.text()).toBe(200);
  }

  await page.goto(`${site.url}/watch/${game.id}`);
  const form = page.getByRole('region', { name: 'Clip' });
  await form.getByLabel('Name').fill('One more');
  await form.getByRole('checkbox', { name: tags[0] }).check();
  await form.getByLabel('Start').fill('0:20');
  await form.getByLabel('End').fill('0:30');
  await form.getByRole('button', { name: 'Make clip' }).click();
  await expect(form.getByText(CLIP_LIMIT_MSG)).toBeVisible();
  // What the fan typed is still there, to send once a clip is ready.
  await expect(form.getByLabel('Name')).toHaveValue('One more');
  await checkA11y();

  // Nothing more was made: the profile counts the three (the Clips tab, which refreshes itself
  // while clips are being made, lists the same).
  await page.goto(`${site.url}/profile`);
  await expect(page.getByText(`${CLIPS_IN_PROGRESS_MAX} clips, 0 downloads`)).toBeVisible();
});
