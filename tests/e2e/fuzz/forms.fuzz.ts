/* Property-based fuzz of every form action of the web app, against the real server (issue 7).
   Each case starts from a near-valid post of one form (a real CSRF token, a real session where
   the form needs one, real mailed tokens) and breaks it: fields replaced with hostile values
   from the form's own schema, dropped, duplicated, prototype-named fields added, the wrong
   content type or body, another site's headers, a missing or foreign CSRF token, Remix's own
   query parameters. Every answer must be below 500, carry no stack trace, SQL or secret, and a
   refused post (4xx) must leave what that form could change as it was. Seeded: the same cases
   every run. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import fc from 'fast-check';
import type { z } from 'zod';
import { routesWithAction } from './checks.ts';
import { clipSchema, renameClipSchema } from '../../../app/forms/clip.ts';
import { answerField } from '../../../app/forms/custom-form.ts';
import { giftResendSchema } from '../../../app/forms/gift.ts';
import { loginSchema } from '../../../app/forms/login.ts';
import { passwordResetRequestSchema } from '../../../app/forms/password-reset-request.ts';
import { passwordResetFields } from '../../../app/forms/password-reset.ts';
import { detailsSchema, passwordSchema } from '../../../app/forms/profile.ts';
import { applyCouponSchema, buySchema, paySchema, selectPackageSchema } from '../../../app/forms/purchase.ts';
import { registrationFields, socialRegistrationSchema } from '../../../app/forms/registration.ts';
import { customForms } from '../../../channel-api/seed/demo/forms.ts';
import type { Clip } from '../../../contract/clips.ts';
import { hostileString, NESTED_KEYS, PROTOTYPE_KEYS } from '../../support/hostile.ts';
import { cleanBody } from '../../support/leaks.ts';
import { tokenFrom } from '../../support/outbox.ts';
import { createUnverifiedUser, createVerifiedUser, latestMail, OUTBOX, sessionCookieFor, type TestUser } from '../support/accounts.ts';
import { channelKey, newApiKey } from '../support/channel.ts';
import { cardsOf, CARDS, ordersOf, paidEvent, paidGiftPath, saveCard, seasonPass, subscribe } from '../support/commerce.ts';
import { API_KEY_SHAPE } from '../support/fixtures.ts';
import { setupPreroll } from '../support/prerolls.ts';
import { CHANNEL_API_URL, WEB_URL } from '../support/urls.ts';

/** Cases per form, the same ones every run (seeded): 32 (40 until 2026-11-30), so the whole test
 *  command stays within its 35 minutes on a 2-core machine. */
const RUNS_PER_FORM = 32;
const SEED = 20261123;

/** The names of a form schema's fields (through `.and`, `.refine` and friends). */
function fieldsOf(schema: z.ZodTypeAny): string[] {
  const def = schema._def as {
    shape?: () => Record<string, unknown>;
    schema?: z.ZodTypeAny;
    left?: z.ZodTypeAny;
    right?: z.ZodTypeAny;
    innerType?: z.ZodTypeAny;
  };
  if (def.shape) return Object.keys(def.shape());
  if (def.left && def.right) return [...new Set([...fieldsOf(def.left), ...fieldsOf(def.right)])];
  const inner = def.schema ?? def.innerType;
  return inner ? fieldsOf(inner) : [];
}

// ---------------------------------------------------------------- the fan's state, read at the channel

async function channelJson(
  method: string,
  pathname: string,
  body?: Record<string, unknown>,
): Promise<{ status: number; json: { data?: unknown; message?: string } }> {
  const res = await fetch(`${CHANNEL_API_URL}${pathname}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as { data?: unknown; message?: string } };
}

/** Whether the fan can still sign in with this password, and who the channel says they are. */
async function signInState(user: Pick<TestUser, 'email' | 'password'>) {
  const res = await channelJson('POST', '/v2/auth/login', { email: user.email, password: user.password, api_key: await newApiKey() });
  const data = res.json.data as { user?: Record<string, unknown> } | undefined;
  return { status: res.status, user: data?.user ? { ...data.user, featureCount: undefined } : null };
}

/** The profile behind a channel session (an api key), or its refusal. */
async function profileState(apiKey: string) {
  const res = await channelJson('GET', `/profile?api_key=${encodeURIComponent(apiKey)}`);
  return { status: res.status, user: res.json.data ?? null };
}

/** Whether the channel has an account for this address (a reset request answers 'User not found.'
 *  otherwise, and mails nothing). */
async function isRegistered(email: string): Promise<boolean> {
  return (await channelJson('POST', '/auth/password-reset-request', { email, api_key: await newApiKey() })).status === 200;
}

const mailCount = (to: string) =>
  fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml') && fs.readFileSync(path.join(OUTBOX, f), 'latin1').includes(to)).length : 0;

// ---------------------------------------------------------------- a web session for the fuzz

interface Web {
  api: APIRequestContext;
  csrf: string;
  /** The channel session inside the web session (signed-in forms only). */
  apiKey?: string;
}

async function openWeb(user?: TestUser): Promise<Web> {
  const session = user ? await sessionCookieFor(user) : undefined;
  const host = new URL(WEB_URL).hostname;
  const api = await playwrightRequest.newContext({
    baseURL: WEB_URL,
    storageState: {
      cookies: session
        ? [{ name: session.name, value: session.value, domain: host, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }]
        : [],
      origins: [],
    },
  });
  return { api, csrf: await csrfOf(api, user ? '/profile/edit' : '/login'), apiKey: session?.apiKey };
}

async function csrfOf(api: APIRequestContext, page: string): Promise<string> {
  const html = await (await api.get(page)).text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no CSRF token on ${page}`);
  return token;
}

// ---------------------------------------------------------------- the forms

interface Form {
  name: string;
  /** Where it posts (for the test's name: a path with a parameter is filled by `at`). */
  path: string;
  /** The actual path, when `path` has a parameter. */
  at?(): Promise<string>;
  /** The route module it posts to (the completeness check below matches on it). */
  route: string;
  fields: string[];
  /** A web session to post from, made afresh after a post was accepted. */
  open(): Promise<Web>;
  /** A near-valid post of this form. */
  base(): Promise<Record<string, string>>;
  /** What a refused post of `values` must leave as it was. */
  snapshot(web: Web, values: Record<string, string>): Promise<unknown>;
  /** Re-arm after an accepted post (a consumed token, a changed password). */
  rearm?(): Promise<void>;
  /** Checked once at the end: what refused posts must not have used up. */
  finally?(): Promise<void>;
}

const honeypot = { fh_website: '' };

/** A fresh idempotency key, as the /buy page renders one. */
const freshKey = () => `fuzz${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.padEnd(20, 'x');

/** A form of the checkout summary (/buy): its intent, what it buys (`fields`) and a fresh
 *  idempotency key; the schema names the fields the fuzz varies. */
function checkoutForm(
  name: string,
  opts: Pick<Form, 'open' | 'snapshot'> & { intent: string; schema: z.ZodTypeAny; fields: () => Promise<Record<string, string>> },
): Form {
  return {
    name: `${name} (the checkout summary)`,
    path: '/buy',
    route: 'buy',
    fields: ['intent', ...fieldsOf(opts.schema)],
    open: opts.open,
    base: async () => ({ intent: opts.intent, ...(await opts.fields()), idempotency_key: freshKey() }),
    snapshot: opts.snapshot,
  };
}

function forms(): Form[] {
  let loginFan: TestUser;
  let profileFan: TestUser;
  let resetFan: TestUser;
  let resetToken: string;
  let verifyToken: string;
  let deletionFan: TestUser;
  let deletionToken: string;

  const freshResetToken = async () => {
    resetFan = await createVerifiedUser();
    const since = Date.now();
    await channelJson('POST', '/auth/password-reset-request', { email: resetFan.email, api_key: await newApiKey() });
    resetToken = tokenFrom(await latestMail({ to: resetFan.email, after: since }), '/password-reset');
  };
  const freshVerifyToken = async () => {
    const since = Date.now();
    const fan = await createUnverifiedUser();
    verifyToken = tokenFrom(await latestMail({ to: fan.email, after: since }), '/verify-email');
  };
  const freshDeletionToken = async () => {
    deletionFan = await createVerifiedUser();
    const { apiKey } = await sessionCookieFor(deletionFan);
    const since = Date.now();
    await channelJson('POST', '/delete-account-confirm', { api_key: apiKey });
    deletionToken = tokenFrom(await latestMail({ to: deletionFan.email, after: since }), '/confirm-account-deletion');
  };
  const signedIn = async () => {
    profileFan ??= await createVerifiedUser();
    return openWeb(profileFan);
  };
  let giver: TestUser;
  let giftPath: string;
  let buyer: TestUser;
  const buying = async () => {
    buyer ??= await createVerifiedUser();
    return openWeb(buyer);
  };
  // A fan with a saved card that needs the bank (an accepted Pay waits there, nothing is paid),
  // and another fan whose card nobody else may use or remove.
  let cardBuyer: TestUser;
  let cardId: string;
  let otherCard: { apiKey: string; id: string };
  const withCard = async () => {
    cardBuyer ??= await createVerifiedUser();
    const web = await openWeb(cardBuyer);
    cardId ??= await saveCard(web.apiKey!, CARDS.authentication);
    if (!otherCard) {
      const { apiKey } = await sessionCookieFor(await createVerifiedUser());
      otherCard = { apiKey, id: await saveCard(apiKey, CARDS.success) };
    }
    return web;
  };
  // A fan who gave a gift (paid, not redeemed): the order its resend form posts about.
  let gifter: TestUser;
  let giftOrderId: number;
  const gifting = async () => {
    gifter ??= await createVerifiedUser();
    const web = await openWeb(gifter);
    if (giftOrderId === undefined) {
      await paidGiftPath(web.apiKey!, 'fuzz-resend@example.test');
      giftOrderId = (await ordersOf(web.apiKey!))[0].id;
    }
    return web;
  };
  const cardsState = async (web: Web) => [await cardsOf(web.apiKey!), await cardsOf(otherCard.apiKey)];
  const ordersState = async (web: Web) => (await ordersOf(web.apiKey!)).map((o) => [o.id, o.status, o.activity_status]);
  const anonymous = () => openWeb();
  // A fan who follows a game; the fuzzing fan's posts aim at that follow, never theirs to change.
  let otherFollow: { apiKey: string; id: number; event: number };
  let follower: TestUser;
  const following = async () => {
    follower ??= await createVerifiedUser();
    if (!otherFollow) {
      const { apiKey } = await sessionCookieFor(await createVerifiedUser());
      const { event } = await paidEvent();
      const added = await channelJson('POST', '/favorite', { favoritable_type: 'favorite_event', favoritable_id: event.id, api_key: apiKey });
      otherFollow = { apiKey, id: (added.json.data as { id: number }).id, event: event.id };
    }
    return openWeb(follower);
  };
  // A fan whose calendar feed the form makes, resets and stops: its date is what a post changes.
  let feedFan: TestUser;
  const feedState = async (web: Web) => (await channelJson('GET', `/calendar-feed?api_key=${encodeURIComponent(web.apiKey!)}`)).json.data ?? null;
  const followsState = async (web: Web) =>
    [web.apiKey!, otherFollow.apiKey].map(async (key) => (await channelJson('GET', `/favorites?api_key=${encodeURIComponent(key)}`)).json.data);

  // A fan with no pass (the channel refuses every clip they ask for: nothing is made) and another
  // fan's clip, which no post of the fuzzing fan may delete.
  let clipper: TestUser;
  let otherClip: { apiKey: string; id: number };
  const clipping = async () => {
    clipper ??= await createVerifiedUser();
    if (!otherClip) {
      const { apiKey } = await sessionCookieFor(await createVerifiedUser());
      await subscribe(apiKey);
      const { event } = await paidEvent();
      const made = await channelJson('POST', '/clip', {
        event_id: event.id,
        name: 'Not yours',
        start_time: 1,
        duration: 3,
        tags: ['Highlight'],
        api_key: apiKey,
      });
      otherClip = { apiKey, id: (made.json.data as { id: number }).id };
    }
    return openWeb(clipper);
  };
  // What a post could change of a clip (not its making, which moves on by itself).
  const clipsState = async (web: Web) =>
    Promise.all(
      [web.apiKey!, otherClip.apiKey].map(async (key) =>
        ((await channelJson('GET', `/clips/user?api_key=${encodeURIComponent(key)}`)).json.data as Clip[]).map((c) => [
          c.id,
          c.name,
          c.start_time,
          c.duration,
          c.tags,
        ]),
      ),
    );

  return [
    {
      name: 'log in',
      path: '/login',
      route: 'login',
      fields: fieldsOf(loginSchema),
      open: anonymous,
      base: async () => {
        loginFan ??= await createVerifiedUser();
        // Never the right password: a login this fuzz makes is never accepted.
        return { ...honeypot, email: loginFan.email, password: `${loginFan.password}-not`, redirectTo: '/faq' };
      },
      snapshot: () => signInState(loginFan),
    },
    {
      name: 'register',
      path: '/registration',
      route: 'registration',
      fields: fieldsOf(registrationFields),
      open: anonymous,
      base: async () => ({
        ...honeypot,
        first_name: 'Fuzz',
        last_name: 'Fan',
        email: `fuzz-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`,
        password: 'fuzz-password-1',
        password_confirmation: 'fuzz-password-1',
        terms: 'on',
      }),
      // Refused: the address did not become an account (the channel knows no such user).
      snapshot: (_web, values) => isRegistered(values.email),
    },
    {
      name: 'register after social sign-in (terms)',
      path: '/registration',
      route: 'registration',
      fields: ['intent', ...fieldsOf(socialRegistrationSchema)],
      open: anonymous,
      base: async () => ({ ...honeypot, intent: 'social', terms: 'on' }),
      snapshot: async () => null,
    },
    {
      name: 'request a password reset',
      path: '/password-reset-request',
      route: 'password-reset-request',
      fields: fieldsOf(passwordResetRequestSchema),
      open: anonymous,
      base: async () => {
        profileFan ??= await createVerifiedUser();
        return { ...honeypot, email: profileFan.email };
      },
      // Refused: no mail went out.
      snapshot: async () => mailCount(profileFan.email),
    },
    {
      name: 'reset the password',
      path: '/password-reset',
      route: 'password-reset',
      fields: fieldsOf(passwordResetFields),
      open: anonymous,
      base: async () => {
        if (!resetToken) await freshResetToken();
        return { ...honeypot, token: resetToken, password: 'fuzz-new-password-1', password_confirmation: 'fuzz-new-password-1' };
      },
      snapshot: () => signInState(resetFan),
      rearm: freshResetToken,
      finally: async () => {
        const res = await channelJson('POST', '/auth/password-reset', {
          token: resetToken,
          password: 'fuzz-final-pw-1',
          password_confirmation: 'fuzz-final-pw-1',
          api_key: await newApiKey(),
        });
        expect(res.status, 'the mailed reset link still works after every refused post').toBe(200);
      },
    },
    {
      name: 'verify the e-mail address',
      path: '/verify-email',
      route: 'verify-email',
      fields: ['token'],
      open: anonymous,
      base: async () => {
        if (!verifyToken) await freshVerifyToken();
        return { ...honeypot, token: verifyToken };
      },
      snapshot: async () => null,
      rearm: freshVerifyToken,
      finally: async () => {
        const res = await channelJson('POST', '/auth/email-verify', { token: verifyToken, api_key: await newApiKey() });
        expect(res.status, 'the mailed verification link still works after every refused post').toBe(200);
      },
    },
    {
      name: 'confirm the account deletion',
      path: '/confirm-account-deletion',
      route: 'confirm-account-deletion',
      fields: ['token'],
      open: anonymous,
      base: async () => {
        if (!deletionToken) await freshDeletionToken();
        return { ...honeypot, token: deletionToken };
      },
      snapshot: () => signInState(deletionFan),
      rearm: freshDeletionToken,
    },
    {
      name: 'edit the profile details',
      path: '/profile/edit',
      route: 'profile.edit',
      fields: ['intent', ...fieldsOf(detailsSchema)],
      open: signedIn,
      base: async () => ({ intent: 'details', first_name: 'Fuzz', last_name: 'Fan', email: profileFan.email, news_opt_in: 'on' }),
      snapshot: (web) => profileState(web.apiKey!),
    },
    {
      name: 'change the password',
      path: '/profile/edit',
      route: 'profile.edit',
      fields: ['intent', ...fieldsOf(passwordSchema({ needsCurrent: true }))],
      open: signedIn,
      // Never the right current password: a change this fuzz makes is never accepted.
      base: async () => ({
        intent: 'password',
        current_password: 'not-the-password',
        password: 'fuzz-new-password-1',
        password_confirmation: 'fuzz-new-password-1',
      }),
      snapshot: () => signInState(profileFan),
    },
    {
      name: 'ask to delete the account',
      path: '/profile/edit',
      route: 'profile.edit',
      fields: ['intent'],
      open: signedIn,
      base: async () => ({ intent: 'delete-request' }),
      snapshot: async () => mailCount(profileFan.email),
    },
    {
      // The demo's custom form (ADR 053): what a refused post must leave is the fan's answers.
      name: 'answer a custom form',
      path: '/forms/passes',
      route: 'forms.$alias',
      fields: [...customForms[0].fields.map((f) => answerField(f.name)), 'redirectTo'],
      open: signedIn,
      base: async () => ({
        'answer-school': 'Lakeview Lions',
        'answer-role': 'A fan',
        'answer-first_game': '2024-09-14',
        'answer-newsletter': 'on',
        redirectTo: '/faq',
      }),
      snapshot: async (web) => (await channelJson('GET', `/custom-forms/passes?api_key=${encodeURIComponent(web.apiKey!)}`)).json.data ?? null,
    },
    {
      name: 'log out',
      path: '/logout',
      route: 'logout',
      fields: [],
      open: signedIn,
      base: async () => ({}),
      // Refused: the fan's session at the channel still works.
      snapshot: (web) => profileState(web.apiKey!).then((p) => p.status),
    },
    {
      name: 'follow and unfollow',
      path: '/follow',
      route: 'follow',
      fields: ['intent', 'type', 'id', 'follow_id', 'back', 'stay'],
      open: following,
      // Another fan's follow: never unfollowed, whatever the post.
      base: async () => ({ intent: 'unfollow', follow_id: String(otherFollow.id), back: '/my-games' }),
      snapshot: async (web) => Promise.all(await followsState(web)),
    },
    {
      name: 'calendar feed',
      path: '/my-games/calendar',
      route: 'my-games_.calendar',
      fields: ['intent'],
      open: async () => openWeb((feedFan ??= await createVerifiedUser())),
      base: async () => ({ intent: 'make' }),
      snapshot: (web) => feedState(web),
    },
    {
      name: 'alert e-mails of the followed things (one Save)',
      path: '/alerts',
      route: 'alerts',
      fields: ['follow_id', 'go_live', 'reminder'],
      open: following,
      // Another fan's follow: its alerts never change, whatever the post.
      base: async () => ({ follow_id: String(otherFollow.id), go_live: String(otherFollow.id), reminder: String(otherFollow.id) }),
      snapshot: async (web) => Promise.all(await followsState(web)),
    },
    {
      name: 'one-click unsubscribe with a forged token',
      path: '/alerts/unsubscribe/:token',
      // Signed by nobody: the address is exempt from the origin check, so every post must be refused by the token.
      at: async () => `/alerts/unsubscribe/${Buffer.from(JSON.stringify({ u: 1, f: [otherFollow.id], k: 'reminder' })).toString('base64url')}.bm90LW91cnM`,
      route: 'alerts_.unsubscribe.$token',
      fields: ['List-Unsubscribe'],
      open: async () => {
        const web = await following();
        await channelJson('POST', '/favorites/alerts', { alerts: [{ id: otherFollow.id, go_live: true, reminder: true }], api_key: otherFollow.apiKey });
        return web;
      },
      base: async () => ({ 'List-Unsubscribe': 'One-Click' }),
      snapshot: async (web) => Promise.all(await followsState(web)),
    },
    {
      name: 'clip a game (the watch page)',
      path: '/watch/:id',
      at: async () => `/watch/${(await paidEvent()).event.id}`,
      route: 'watch.$id',
      fields: fieldsOf(clipSchema),
      open: clipping,
      base: async () => ({ intent: 'clip', name: 'Fuzz clip', tags: 'Highlight', start: '0:01', end: '0:05' }),
      // Refused or not: no clip of either fan made or changed.
      snapshot: (web) => clipsState(web),
    },
    {
      name: 'delete a clip',
      path: '/watch_library/:id/delete',
      at: async () => `/watch_library/${otherClip.id}/delete`,
      route: 'watch_library.$id_.delete',
      fields: [],
      open: clipping,
      base: async () => ({}),
      // Another fan's clip: never deleted, whatever the post.
      snapshot: (web) => clipsState(web),
    },
    {
      name: 'rename a clip',
      path: '/watch_library/:id',
      at: async () => `/watch_library/${otherClip.id}`,
      route: 'watch_library.$id',
      fields: fieldsOf(renameClipSchema),
      open: clipping,
      base: async () => ({ name: 'Fuzz name' }),
      // Another fan's clip: never renamed, whatever the post.
      snapshot: (web) => clipsState(web),
    },
    {
      name: 'data saver switch',
      path: '/data-saver',
      route: 'data-saver',
      fields: ['mode', 'redirectTo'],
      open: anonymous,
      base: async () => ({ mode: 'on', redirectTo: '/faq' }),
      // Refused: the browser keeps the switch as it was (no cookie set).
      snapshot: async (web) => (await web.api.storageState()).cookies.find((c) => c.name === '__datasaver')?.value ?? null,
    },
    {
      name: 'language form',
      path: '/language',
      route: 'language',
      fields: ['lang', 'redirectTo'],
      open: anonymous,
      base: async () => ({ lang: 'fr', redirectTo: '/faq' }),
      // Refused: no language is kept (and this channel has multilanguage off: none ever is).
      snapshot: async (web) => (await web.api.storageState()).cookies.find((c) => c.name === '__lang')?.value ?? null,
    },
    {
      name: 'cookie notice answer',
      path: '/consent',
      route: 'consent',
      fields: ['answer', 'redirectTo'],
      open: anonymous,
      base: async () => ({ answer: 'accept', redirectTo: '/faq' }),
      // Refused: no choice is kept (and this channel has the notice off: none ever is).
      snapshot: async (web) => (await web.api.storageState()).cookies.find((c) => c.name === '__consent')?.value ?? null,
    },
    {
      name: 'skip a pre-roll',
      path: '/ad/:id',
      at: async () => `/ad/${(await setupPreroll()).id}`,
      route: 'ad.$id',
      fields: ['reason', 'shown_at', 'redirectTo'],
      open: anonymous,
      base: async () => ({ reason: 'skip', shown_at: '1', redirectTo: `/watch/${(await setupPreroll()).game}` }),
      // Refused: the visitor's dismissals stay as they were (no cookie set).
      snapshot: async (web) => (await web.api.storageState()).cookies.find((c) => c.name === '__prerolls')?.value ?? null,
    },
    checkoutForm('buy', {
      intent: 'buy',
      schema: buySchema,
      open: buying,
      fields: async () => {
        const { event, ticket } = await paidEvent();
        return { event: String(event.id), package: String(ticket.id) };
      },
      // Refused: no order was made or changed.
      snapshot: (web) => ordersState(web),
    }),
    checkoutForm('pay with a saved card', {
      intent: 'buy',
      schema: buySchema,
      open: withCard,
      fields: async () => {
        const { event, ticket } = await paidEvent();
        return { event: String(event.id), package: String(ticket.id), choose_card: '1', payment_method: cardId };
      },
      // Refused: no order made or changed, and both fans' cards as they were.
      snapshot: async (web) => [await ordersState(web), await cardsState(web)],
    }),
    {
      name: 'payment methods (add a card, remove one)',
      path: '/profile/payment-methods',
      route: 'profile.payment-methods',
      fields: ['intent', 'payment_method_id'],
      open: withCard,
      // Another fan's card: never removed, whatever the post.
      base: async () => ({ intent: 'remove-card', payment_method_id: otherCard.id }),
      snapshot: (web) => cardsState(web),
      finally: async () => {
        expect((await cardsOf(otherCard.apiKey)).map((c) => c.id)).toEqual([otherCard.id]);
      },
    },
    checkoutForm('apply a promo code', {
      intent: 'apply-coupon',
      schema: applyCouponSchema,
      open: buying,
      fields: async () => {
        const { event, ticket } = await paidEvent();
        return { event: String(event.id), package: String(ticket.id), code: 'WELCOME10' };
      },
      // Applying a code changes nothing, accepted or not.
      snapshot: (web) => ordersState(web),
    }),
    checkoutForm('buy a pass as a gift', {
      intent: 'buy',
      schema: paySchema,
      open: buying,
      fields: async () => {
        const pass = await seasonPass();
        const gift = { gift: '1', gift_email: 'a-friend@example.test', gift_message: 'Enjoy the season!' };
        return { package: String(pass.id), category: String(pass.event_categories[0]), ...gift };
      },
      // Refused: no order was made or changed.
      snapshot: (web) => ordersState(web),
    }),
    {
      name: 'redeem a gift',
      path: '/gift/:token',
      at: async () => {
        giftPath ??= await paidGiftPath((await sessionCookieFor((giver ??= await createVerifiedUser()))).apiKey, 'fuzz-giftee@example.test');
        return giftPath;
      },
      route: 'gift.$token',
      fields: [],
      open: buying,
      base: async () => ({}),
      // Refused (redeemed already, a bad token or envelope): no order of this fan changed.
      snapshot: (web) => ordersState(web),
    },
    {
      name: 'cancel a subscription’s auto-renewal',
      path: '/orders/:id/cancel',
      at: async () => '/orders/1/cancel',
      route: 'orders.$id_.cancel',
      fields: [],
      open: buying,
      base: async () => ({}),
      // Another fan's order, or none: whatever the answer, no order of this fan changed.
      snapshot: (web) => ordersState(web),
    },
    {
      name: 'send a gift again',
      path: '/orders/:id/gift',
      at: async () => `/orders/${giftOrderId}/gift`,
      route: 'orders.$id_.gift',
      fields: fieldsOf(giftResendSchema),
      open: gifting,
      base: async () => ({ recipient_email: 'fuzz-resend-right@example.test' }),
      // Refused: the gift still goes to the same address, as the same order.
      snapshot: async (web) => (await ordersOf(web.apiKey!)).map((o) => [o.id, o.status, o.gift?.recipient_email, o.gift?.redeemed_at]),
    },
    {
      name: 'choose what a package covers',
      path: '/select-package/:season',
      at: async () => `/select-package/${(await seasonPass()).id}`,
      route: 'select-package.$id',
      fields: fieldsOf(selectPackageSchema),
      open: buying,
      base: async () => ({ choice: String((await seasonPass()).event_categories[0]) }),
      // It only leads to /buy: nothing to change, refused or not.
      snapshot: (web) => ordersState(web),
    },
    {
      name: 'continue with Google',
      path: '/auth/google',
      route: 'auth.$provider',
      fields: ['redirectTo'],
      open: anonymous,
      base: async () => ({ redirectTo: '/faq' }),
      snapshot: async () => null,
    },
  ];
}

// ---------------------------------------------------------------- one case

/* Most cases post a well-formed envelope (our content type, our headers, this session's token)
   so the hostile fields reach the action; some break the envelope itself instead. */
const usually = <T>(normal: T[], hostile: T[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...normal), weight: 5 }, { arbitrary: fc.constantFrom(...hostile), weight: 1 });
const TRANSPORTS = usually(['form', 'multipart'] as const, ['json', 'text', 'broken-multipart', 'bad-escape', 'empty'] as const);
const HEADER_SETS = usually<Record<string, string>>(
  [{}],
  [
    { Origin: 'null' },
    { Origin: 'http://evil.example' },
    { 'X-Forwarded-Host': 'evil.example', Origin: WEB_URL },
    { 'X-Forwarded-Host': `evil.example, ${new URL(WEB_URL).host}`, Origin: WEB_URL },
    { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Origin: 'https://evil.example' },
    { 'X-Forwarded-Host': '', Origin: 'http://evil.example' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { Origin: '' },
  ],
);
const CSRF_KINDS = usually(['valid'] as const, ['missing', 'foreign', 'garbage', 'duplicate'] as const);
const QUERIES = usually([''], ['?_data=routes%2Flogin', '?index', '?_data=not-a-route', '?redirectTo=%2F%09%2Fevil.example', '?__proto__[x]=1&constructor=1']);

const caseArbitrary = fc.record({
  mutations: fc.array(
    fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('set' as const), field: fc.nat(), value: hostileString(30_000) }), weight: 6 },
      { arbitrary: fc.record({ kind: fc.constant('drop' as const), field: fc.nat() }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('duplicate' as const), field: fc.nat(), value: hostileString(200) }), weight: 2 },
      {
        arbitrary: fc.record({ kind: fc.constant('extra' as const), name: fc.constantFrom(...PROTOTYPE_KEYS, ...NESTED_KEYS), value: hostileString(200) }),
        weight: 2,
      },
    ),
    { minLength: 1, maxLength: 3 },
  ),
  transport: TRANSPORTS,
  headers: HEADER_SETS,
  csrf: CSRF_KINDS,
  query: QUERIES,
});
type Case = typeof caseArbitrary extends fc.Arbitrary<infer C> ? C : never;

function buildEntries(form: Form, values: Record<string, string>, c: Case, csrf: { own: string; foreign: string }): [string, string][] {
  const entries: [string, string][] = Object.entries(values);
  const fieldName = (i: number) => (form.fields.length ? form.fields[i % form.fields.length] : undefined);
  for (const m of c.mutations) {
    const name = m.kind === 'extra' ? m.name : fieldName(m.field);
    if (name === undefined) continue;
    if (m.kind === 'set') {
      const at = entries.findIndex(([k]) => k === name);
      if (at === -1) entries.push([name, m.value]);
      else entries[at] = [name, m.value];
    } else if (m.kind === 'drop') {
      for (let i = entries.length - 1; i >= 0; i--) if (entries[i][0] === name) entries.splice(i, 1);
    } else {
      entries.push([name, m.value]);
    }
  }
  if (c.csrf === 'valid') entries.unshift(['csrf', csrf.own]);
  if (c.csrf === 'foreign') entries.unshift(['csrf', csrf.foreign]);
  if (c.csrf === 'garbage') entries.unshift(['csrf', 'x'.repeat(43)]);
  if (c.csrf === 'duplicate') entries.unshift(['csrf', csrf.own], ['csrf', 'x'.repeat(43)]);
  return entries;
}

async function send(web: Web, form: Form, entries: [string, string][], c: Case): Promise<APIResponse> {
  const url = `${form.at ? await form.at() : form.path}${c.query}`;
  const headers: Record<string, string> = { ...c.headers };
  const opts = { headers, maxRedirects: 0, failOnStatusCode: false, timeout: 30_000 };
  switch (c.transport) {
    case 'form': {
      const body = entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'))}`).join('&');
      return web.api.post(url, { ...opts, headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, data: body });
    }
    case 'multipart': {
      const boundary = '----fuzz7boundary';
      const parts = entries.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n${v}\r\n`);
      return web.api.post(url, {
        ...opts,
        headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        data: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
      });
    }
    case 'json':
      return web.api.post(url, { ...opts, headers: { ...headers, 'Content-Type': 'application/json' }, data: JSON.stringify(Object.fromEntries(entries)) });
    case 'text':
      return web.api.post(url, { ...opts, headers: { ...headers, 'Content-Type': 'text/plain' }, data: entries.map(([k, v]) => `${k}=${v}`).join('\n') });
    case 'broken-multipart':
      return web.api.post(url, {
        ...opts,
        headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=nope' },
        data: `--nope\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${entries[0]?.[1] ?? ''}`,
      });
    case 'bad-escape':
      return web.api.post(url, {
        ...opts,
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        data: `csrf=${encodeURIComponent(web.csrf)}&a=%ZZ%E0%A4%A`,
      });
    case 'empty':
      return web.api.post(url, { ...opts, headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, data: '' });
  }
}

// ---------------------------------------------------------------- the tests

test.describe.configure({ mode: 'parallel' });

test('every route with an action is in this fuzz suite', () => {
  const covered = new Set(forms().map((f) => f.route));
  expect(routesWithAction().filter((route) => !covered.has(route))).toEqual([]);
});

for (const form of forms()) {
  test(`${form.name} (POST ${form.path}): ${RUNS_PER_FORM} hostile posts, no 5xx, no leak, refused posts change nothing`, async () => {
    test.setTimeout(180_000);
    const key = await channelKey();
    const foreign = await openWeb();
    const foreignToken = foreign.csrf;
    await foreign.api.dispose();
    let web = await form.open();
    let before = await form.snapshot(web, await form.base());
    const statuses: Record<string, number> = {};
    try {
      await fc.assert(
        fc.asyncProperty(caseArbitrary, async (c) => {
          const values = await form.base();
          const entries = buildEntries(form, values, c, { own: web.csrf, foreign: foreignToken });
          const res = await send(web, form, entries, c);
          const status = res.status();
          statuses[status] = (statuses[status] ?? 0) + 1;
          const body = await res.text();
          const label = `${form.name}: ${JSON.stringify(c).slice(0, 400)} → ${status}`;
          expect(status, label).toBeLessThan(500);
          expect(cleanBody(body), label).toEqual([]);
          expect(body.includes(key), `${label}: the channel key`).toBe(false);
          expect(API_KEY_SHAPE.test(body), `${label}: an api key`).toBe(false);
          if (status >= 400) {
            expect(await form.snapshot(web, values), `${label}: a refused post changed something`).toEqual(before);
          } else {
            // Accepted: whatever it changed is the new normal; sessions and tokens may be spent.
            await form.rearm?.();
            await web.api.dispose();
            web = await form.open();
            before = await form.snapshot(web, await form.base());
          }
        }),
        { seed: SEED + form.name.length, numRuns: RUNS_PER_FORM, endOnFailure: true },
      );
      await form.finally?.();
    } finally {
      await web.api.dispose();
      console.log(`[fuzz] ${form.name}: ${RUNS_PER_FORM} posts, answers ${JSON.stringify(statuses)}`);
    }
  });
}
