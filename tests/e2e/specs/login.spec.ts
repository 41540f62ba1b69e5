import { createUnverifiedUser, createVerifiedUser, latestMail, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton } from '../support/header.ts';
import { SIGN_IN_LIMITS } from '../support/limits.ts';
import { WEB_URL } from '../support/urls.ts';

test.describe('log in', () => {
  test('every validation message, and the password never comes back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Enter your Email')).toBeVisible();
    await expect(page.getByText('Field is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password').fill('s3cret-typed-here');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('A valid email address is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('not-an-address');
    expect(await page.content()).not.toContain('s3cret-typed-here');
  });

  test('a numeric e-mail passes the login name rule', async ({ page }) => {
    await page.goto('/login');
    // A new number each run: failed sign-ins of one address are limited (see below).
    await page.getByLabel('Email').fill(`${Date.now()}${Math.floor(Math.random() * 1000)}@lakeshore.edu`);
    await page.getByLabel('Password').fill('whatever-it-is');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // Not a validation message: the channel was asked and said no.
    await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
    await expect(page.getByText('A valid email address is required')).toHaveCount(0);
  });

  test('a wrong password is refused with the spec message', async ({ page }) => {
    const user = await createVerifiedUser();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(`${user.password}-wrong`);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('after too many failed sign-ins on one account, from any address, the form says to wait', async ({ page }, testInfo) => {
    const user = await createVerifiedUser();
    // A new address for every try: the limit is the account's, not the connection's (server.ts
    // trusts X-Forwarded-For in e2e; TEST-NET-2 addresses of this test's own, per project).
    const address = (i: number) => `198.51.100.${(testInfo.project.name === 'js' ? 120 : 100) + i}`;
    const tryPassword = async (password: string, i: number) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address(i) });
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(password);
      const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/login');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      return answer;
    };
    await page.goto('/login');
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures; i++) {
      expect((await tryPassword(`${user.password}-guess-${i}`, i)).status()).toBe(400);
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
    }
    const refused = await tryPassword(`${user.password}-one-more`, SIGN_IN_LIMITS.accountFailures);
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowSeconds);
    await expect(page.getByRole('alert')).toHaveText('Too many sign-in attempts. For your security, please wait a minute before you try again.');
    // Even the right password waits (a guesser's lucky try would too); the fan is not signed in.
    expect((await tryPassword(user.password, SIGN_IN_LIMITS.accountFailures + 1)).status()).toBe(429);
    await expect(page.getByRole('alert')).toHaveText(/^Too many sign-in attempts\./);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('an address that is not verified yet gets a new link instead', async ({ page }) => {
    const user = await createUnverifiedUser();
    const since = Date.now();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Please verify your email address first. We have sent you a new link.')).toBeVisible();
    const mail = await latestMail({ to: user.email, after: since });
    expect(mail.links.some((l) => l.startsWith(`${WEB_URL}/verify-email?token=`))).toBe(true);
  });

  test('logging in returns to the page the fan came from', async ({ page }) => {
    const user = await createVerifiedUser();
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Log in' }).click();
    // The link carries the page to come back to (no cookie remembers it).
    await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=%2Ffaq`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(`${WEB_URL}/faq`);
    await expect(accountButton(page, user.first_name)).toBeVisible();
    await expect(page.getByText(`Welcome back, ${user.first_name}!`)).toBeVisible();
  });

  test('a redirect target on another site is ignored (safeRedirect)', async ({ page }) => {
    const user = await createVerifiedUser();
    await page.goto('/login?redirectTo=//evil.example/steal');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(accountButton(page, user.first_name)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(WEB_URL);
  });

  test('a signed-in fan on login, registration or password-reset pages goes home', async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    for (const path of ['/login', '/registration', '/password-reset-request', '/password-reset?token=x']) {
      await page.goto(path);
      await expect(page).toHaveURL(`${WEB_URL}/`);
    }
    await expect(accountButton(page, user.first_name)).toBeVisible();
  });
});

test.describe('posts that must change nothing', () => {
  test('a post without the CSRF token is refused and signs nobody in', async ({ page, request }) => {
    const user = await createVerifiedUser();
    const res = await request.post('/login', { form: { email: user.email, password: user.password }, maxRedirects: 0 });
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain('This form has expired');
    expect(res.headers()['set-cookie'] ?? '').not.toContain('__session');
    // The same browser is still signed out.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a post from another site is refused', async ({ request }) => {
    const res = await request.post('/login', {
      form: { email: 'a@example.test', password: 'x' },
      headers: { Origin: 'http://evil.example' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
  });

  test('sign-in posts are rate limited with a clear message', async ({ request }, testInfo) => {
    // server.ts trusts X-Forwarded-For in e2e; one made-up address per project.
    const ip = testInfo.project.name === 'js' ? '198.51.100.2' : '198.51.100.1';
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await request.post('/login', { form: { email: 'a@example.test', password: 'x' }, headers: { 'X-Forwarded-For': ip }, maxRedirects: 0 });
      last = res.status();
      if (last === 429) {
        expect(await res.text()).toContain('Too many sign-in attempts');
        break;
      }
    }
    expect(last).toBe(429);
  });
});
