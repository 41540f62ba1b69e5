/* No reflected Host (issue 37, ADR 057): the absolute addresses a page carries — a shared clip's
   Open Graph tags, its link and share links, a watch page's embed code — name PUBLIC_URL (the e2e
   site's WEB_URL), whatever Host or X-Forwarded-Host the request came with, so a cache that keys
   pages without the Host cannot be handed a page that points elsewhere. Raw requests, as an
   attacker sends them (a browser cannot forge a Host); the same in both projects. */
import type { Clip } from '#contract';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { finishedEvent } from '../support/channel.ts';
import { subscribe } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { rawRequest } from '../support/raw-http.ts';
import { CHANNEL_API_URL, WEB_URL } from '../support/urls.ts';

const HOSTILE = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Accept: 'text/html' };

/** The content of a meta tag in an HTML page. */
const metaOf = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

test('a shared clip and a watch page asked with a hostile Host name PUBLIC_URL in every absolute address', async ({ context }) => {
  test.slow();
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  await subscribe(apiKey);
  const game = await finishedEvent('free');
  const made = await fetch(`${CHANNEL_API_URL}/clip`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: apiKey, event_id: game.id, name: 'Hostile host', start_time: 2, duration: 4, tags: ['Highlight'] }),
  });
  expect(made.status, await made.clone().text()).toBe(200);
  const { data: asked } = (await made.json()) as { data: Clip };
  await expect
    .poll(
      async () => {
        const res = await fetch(`${CHANNEL_API_URL}/clips/user?api_key=${encodeURIComponent(apiKey)}`);
        return ((await res.json()) as { data: Clip[] }).data.find((c) => c.id === asked.id)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('processed');

  const path = `/share/${asked.id}/${asked.uuid}`;
  const share = await rawRequest('GET', path, { headers: HOSTILE });
  expect(share.status).toBe(200);
  expect(share.headers['cache-control']).toMatch(/^public/);
  expect(metaOf(share.body, 'og:url')).toBe(`${WEB_URL}${path}`);
  expect(metaOf(share.body, 'og:image')).toMatch(new RegExp(`^${WEB_URL}/media/clips/.+\\.jpg$`));
  expect(metaOf(share.body, 'og:video')).toMatch(new RegExp(`^${WEB_URL}/media/clips/.+\\.mp4$`));
  expect(share.body).not.toContain('evil.example');

  const watch = await rawRequest('GET', `/watch/${game.id}`, { headers: HOSTILE });
  expect(watch.status).toBe(200);
  expect(watch.body).toContain(`${WEB_URL}/watch_embed/${game.id}`);
  expect(watch.body).not.toContain('evil.example');
});
