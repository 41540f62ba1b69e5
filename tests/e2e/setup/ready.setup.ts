/* Runs first: the web server and the channel API it talks to both answer. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../../support/registration.ts';
import { OPERATOR_EMAIL, OPERATOR_FILE, operatorFromImport, TEMPORARY_USERS_FILE, type TestUser } from '../support/accounts.ts';
import { packages } from '../support/commerce.ts';
import { descriptionWithPreroll, PREROLL_DESCRIPTION_FILE } from '../support/prerolls.ts';
import { CHANNEL_API_URL, CONTROL_URL, WEB_URL } from '../support/urls.ts';

test('the web server and its channel API are up', async ({ request }) => {
  expect((await request.get(`${CHANNEL_API_URL}/channels/demo.json`)).ok()).toBe(true);
  expect((await request.get(`${WEB_URL}/healthz`)).ok()).toBe(true);
  const home = await request.get(`${WEB_URL}/`);
  expect(home.status()).toBe(200);
});

// The channel API answers before its demo media is made (it is made in the background, ADR 047):
// the specs play games, so they start once every asset is ready.
test('the demo media is ready', async ({ request }) => {
  test.setTimeout(360_000);
  await expect
    .poll(
      async () => {
        const health = (await (await request.get(`${CHANNEL_API_URL}/healthz`)).json()) as { media: { ready: boolean; error: string | null } };
        if (health.media.error) throw new Error(`the demo media could not be prepared: ${health.media.error}`);
        return health.media.ready;
      },
      { timeout: 300_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
});

// Before any fan is made (an import replaces the channel): the operator turns on a pre-roll for one
// game and names the channel's operator, with the import command itself (ADR 050, 052). The
// operator's temporary password, printed by the import, is changed for one of the setup's.
test('the operator turns on a pre-roll for one game and names an operator', async ({ request }) => {
  test.setTimeout(180_000);
  const { description } = descriptionWithPreroll();
  description.operators = [OPERATOR_EMAIL];
  fs.mkdirSync(path.dirname(PREROLL_DESCRIPTION_FILE), { recursive: true });
  fs.writeFileSync(PREROLL_DESCRIPTION_FILE, JSON.stringify(description));
  const res = await request.post(`${CONTROL_URL}/import?file=${encodeURIComponent(PREROLL_DESCRIPTION_FILE)}`, { timeout: 170_000 });
  expect(res.ok(), await res.text()).toBe(true);
  const settings = (await (await request.get(`${CHANNEL_API_URL}/settings`)).json()) as { data: { prerolls: unknown[] } };
  expect(settings.data.prerolls).toHaveLength(1);
  const { output } = (await res.json()) as { output: string };
  fs.writeFileSync(OPERATOR_FILE, JSON.stringify(await operatorFromImport(output, OPERATOR_EMAIL)));
});

// After the checks above (tests in one file run in order): one fan with a temporary password per
// project, made by the operator command itself.
test('the operator command creates fans with a temporary password', async ({ request }) => {
  // Each user:create stops and starts the channel API: on a busy machine, over 30 s each.
  test.setTimeout(300_000);
  const users: Record<string, TestUser> = {};
  for (const project of ['no-js', 'js']) {
    const email = uniqueEmail(`temp-${project}`);
    const res = await request.post(`${CONTROL_URL}/create-user?email=${encodeURIComponent(email)}`, { timeout: 120_000 });
    expect(res.ok(), await res.text()).toBe(true);
    const { password } = (await res.json()) as { password: string };
    expect(password.length).toBeGreaterThanOrEqual(12);
    users[project] = { email, password, first_name: 'Casey', last_name: 'Temp' };
  }
  fs.writeFileSync(TEMPORARY_USERS_FILE, JSON.stringify(users));
  // The API is back, and the new fan can sign in with the temporary password.
  expect((await request.get(`${CHANNEL_API_URL}/channels/demo.json`)).ok()).toBe(true);
});

// Last: the import gave the channel new ids, and the web server keeps its catalogue a while and
// answers once more from the old one while it asks again (stale-while-revalidate). The specs start
// once its pages offer the imported channel's passes, so none meets the catalogue from before.
test('the web server offers the imported channel', async ({ request }) => {
  const pass = (await packages()).find((p) => p.type === 'package');
  expect(pass, 'the demo channel sells a pass').toBeDefined();
  await expect
    .poll(async () => (await (await request.get(`${WEB_URL}/packages`)).text()).includes(`href="/select-package/${pass!.id}"`), {
      timeout: 30_000,
      intervals: [250, 500, 1_000],
    })
    .toBe(true);
});
