/* Runs first: the web server and the channel API it talks to both answer. */
import { expect, test } from '@playwright/test';
import { CHANNEL_API_URL, WEB_URL } from '../support/urls.ts';

test('the web server and its channel API are up', async ({ request }) => {
  expect((await request.get(`${CHANNEL_API_URL}/channels/demo.json`)).ok()).toBe(true);
  expect((await request.get(`${WEB_URL}/healthz`)).ok()).toBe(true);
  const home = await request.get(`${WEB_URL}/`);
  expect(home.status()).toBe(200);
});
