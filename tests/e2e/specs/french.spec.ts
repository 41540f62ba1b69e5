/* French behind `settings.multilanguage` (issue 36, ADR 055; README "French"): a second site with
   multilanguage on, where a visitor chooses French with the footer's plain form (remembered in a
   cookie) or gets it from their browser's Accept-Language; the page says lang="fr" and names its
   alternates; a form's message and the verification mail are in French; a signed-in fan's choice
   is kept on their account, so the receipt mailed after their payment (outside their request) is
   French; the not-found error screen is French; a fan's own pages (packages, checkout, the order,
   the profile, a school, alerts, My games, the Clip form, the Clips tab and a clip's share page)
   carry French words, fr-FR prices and dates; so do the accessibility statement, the page an
   alert mail's unsubscribe link opens (a visitor's language: it knows no session), and the
   operator's report and its CSV files (an operator the description names). The shared e2e site keeps
   multilanguage off: there nothing a visitor sends makes a page French. Without and with JavaScript,
   axe on every page. */
import fs from 'node:fs';
import { request } from '@playwright/test';
import type { EventDetail } from '#contract';
import { lastDays } from '../../../app/domain/report.ts';
import { waitForMail } from '../../support/outbox.ts';
import { uniqueEmail } from '../../support/registration.ts';
import { createVerifiedUser, operatorFromImport, signIn } from '../support/accounts.ts';
import { ALERT_LEAD_MINUTES } from '../support/alerts.ts';
import { eventTitle, listEvents } from '../support/channel.ts';
import { buyEvent, CARDS, paidEvent, payOnSandbox } from '../support/commerce.ts';
import { expect, scanPagesOf, test } from '../support/fixtures.ts';
import { pressFollow } from '../support/following.ts';
import { startSecondSite, type SecondSite } from '../support/second-site.ts';
import { WEB_URL } from '../support/urls.ts';

let site: SecondSite;

/** The operator the second site's description names (the report's test signs them in). */
const OPERATOR = 'operateur@francais-e2e.example';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The e2e run's reminder lead (playwright.config.ts): the next game's reminder is due at once.
  site = await startSecondSite({
    settings: { multilanguage: true },
    describe: (d) => void (d.operators = [OPERATOR]),
    env: { ALERT_LEAD_MINUTES: String(ALERT_LEAD_MINUTES) },
  });
  scanPagesOf(site.url);
});

test.afterAll(async () => {
  await site?.close();
});

test.describe('with multilanguage on', () => {
  test('a visitor chooses French with the footer form; the page, its alternates and a form message are French', async ({ page, checkA11y }) => {
    await page.goto(`${site.url}/upcoming`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming');

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page).toHaveURL(`${site.url}/upcoming`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À venir');
    await expect(page).toHaveTitle(/^À venir \| /);
    await expect(page.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Appliquer les filtres' })).toBeVisible();
    // A card's date in fr-FR's format, in the channel's zone.
    await expect(page.locator('.event-card time').first()).toHaveText(/^(lun|mar|mer|jeu|ven|sam|dim)\. \d{1,2} \S+ \d{4} · \d{2}:\d{2} /);
    await checkA11y();
    // The page in each language by its address, and the address without one as x-default.
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute('href', `${site.url}/upcoming?lang=fr`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${site.url}/upcoming?lang=en`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${site.url}/upcoming`);

    // The choice is remembered on the next page, and a form's messages are French.
    await page.goto(`${site.url}/registration`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('S’inscrire');
    await page.getByRole('button', { name: 'S’inscrire', exact: true }).click();
    const firstName = page.getByLabel('Prénom', { exact: true });
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription(/Saisissez votre prénom/);
    await expect(page.getByLabel('Confirmation du mot de passe')).toBeVisible();
    await checkA11y();

    // Back to English by the same form.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register');
  });

  test('the verification mail of a fan who registered in French is French', async ({ page }) => {
    await page.context().addCookies([{ name: '__lang', value: 'fr', url: site.url }]);
    await page.goto(`${site.url}/registration`);
    const email = uniqueEmail('francais');
    const since = Date.now();
    await page.getByLabel('Prénom', { exact: true }).fill('Aimée');
    await page.getByLabel('Nom', { exact: true }).fill('Lefèvre');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mot-de-passe-1');
    await page.getByLabel('Confirmation du mot de passe').fill('Mot-de-passe-1');
    await page.getByRole('checkbox', { name: /J’accepte les conditions générales/ }).check();
    await page.getByRole('button', { name: 'S’inscrire', exact: true }).click();
    await expect(page).toHaveURL(/\/verify-notice/);
    const mail = await waitForMail(site.outbox, { to: email, after: since });
    expect(mail.subject).toMatch(/^Vérifiez votre adresse e-mail pour /);
    expect(mail.text).toMatch(/^Bonjour Aimée,/);
    expect(mail.text).toContain('Vérifier mon adresse e-mail');
    expect(mail.html).toContain('<html lang="fr">');
  });
});

test.describe('with multilanguage on, signed in', () => {
  test('a fan who chooses French gets the receipt of a later payment, mailed outside their request, in French', async ({ page, checkA11y }) => {
    const user = await createVerifiedUser({ first_name: 'Aimée' }, site);
    const { apiKey } = await signIn(page.context(), user, site);
    await page.goto(`${site.url}/upcoming`);
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À venir');
    await checkA11y();

    // Paid on the provider's page: the receipt goes when the payment is confirmed, with no page of
    // the fan's open, in the language their account keeps.
    const since = Date.now();
    const { event, ticket } = await paidEvent(site);
    await buyEvent(apiKey, event, ticket, site);
    const mail = await waitForMail(site.outbox, { to: user.email, subject: 'reçu', after: since });
    expect(mail.subject).toMatch(/^Votre reçu .+ FH-\d+$/);
    expect(mail.text).toMatch(/^Bonjour Aimée,\n\nMerci pour votre achat\. Voici votre reçu FH-\d+, payé le /);
    expect(mail.text.replace(/[\u202f\u00a0]/g, ' ')).toMatch(/Total payé : \d+,\d{2} \$/);
    expect(mail.html).toContain('<html lang="fr">');
  });

  test('the error screen of an address that leads nowhere is French', async ({ page, checkA11y }) => {
    await page.context().addCookies([{ name: '__lang', value: 'fr', url: site.url }]);
    const res = await page.goto(`${site.url}/pas-de-page-ici`);
    expect(res?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Désolé ! - Match introuvable');
    await expect(page.getByText('La page que vous cherchiez a été déplacée, est terminée ou n’a jamais existé.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
    await checkA11y();
    // The same address on the shared e2e site (multilanguage off): the spec's English.
    await page.goto(`${WEB_URL}/pas-de-page-ici`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry! - Game Not Found');
  });
});

/** A price as fr-FR writes it in the demo's USD: '9,99 $' (the narrow symbol after the amount). */
const FRENCH_PRICE = /\d+,\d{2}\s\$/;
/** A date as fr-FR writes it: '14 mars 2026' (with or without the weekday and the time). */
const FRENCH_DATE =
  /\d{1,2} (janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\.|janvier|février|avril|juillet|septembre|octobre|novembre|décembre) \d{4}/;

test.describe('a fan’s pages in French', () => {
  test('packages, checkout, the order, the profile, a school, alerts, My games, a clip and its share page: French words, prices and dates', async ({
    page,
    context,
    checkA11y,
  }) => {
    test.slow();
    const fan = await createVerifiedUser({}, site);
    const { apiKey } = await signIn(context, fan, site);
    await context.addCookies([{ name: '__lang', value: 'fr', url: site.url }]);

    // Packages: French headings, prices in fr-FR.
    await page.goto(`${site.url}/packages`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forfaits');
    await expect(page.getByRole('heading', { level: 2, name: 'Abonnements' })).toBeVisible();
    await expect(page.locator('.product__price').first()).toHaveText(FRENCH_PRICE);
    await checkA11y();

    // Checkout: the summary and Pay in French.
    await page
      .getByRole('link', { name: /^S’abonner/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paiement');
    await expect(page.getByRole('columnheader', { name: 'Article' })).toBeVisible();
    await expect(page.locator('.summary-table tfoot .amount')).toHaveText(FRENCH_PRICE);
    await expect(page.getByText('Toute vente est définitive, sans remboursement.')).toBeVisible();
    await checkA11y();
    await page.getByRole('button', { name: /^Payer / }).click();
    await payOnSandbox(page, CARDS.success);

    // The order: French status, amount and date.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paiement reçu');
    const details = page.locator('.order-details');
    await expect(details.getByText('Montant', { exact: true })).toBeVisible();
    await expect(details).toContainText(FRENCH_PRICE);
    await expect(details.locator('time')).toHaveText(FRENCH_DATE);
    await expect(page.getByRole('heading', { level: 2, name: 'Votre abonnement' })).toBeVisible();
    await checkA11y();

    // The profile: its tabs and the active order with a French date and price.
    await page.goto(`${site.url}/profile`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon profil');
    await expect(page.getByRole('navigation', { name: 'Profil' }).getByRole('link', { name: 'Commandes actives' })).toBeVisible();
    const order = page.locator('.data-table tbody tr').first();
    await expect(order.locator('time')).toHaveText(FRENCH_DATE);
    await expect(order).toContainText(FRENCH_PRICE);
    await expect(page.getByText(/^0 clip, 0 téléchargement$/)).toBeVisible();
    await checkA11y();

    // A school's page: its kind, its games' dates in French; the fan follows it.
    await page.goto(`${site.url}/schools/lakeview`);
    await expect(page.locator('.follow-head__label')).toHaveText('École');
    await expect(page.getByRole('navigation', { name: 'Matchs par état' }).getByRole('link', { name: 'Tous les matchs' })).toBeVisible();
    await expect(page.locator('.event-card time').first()).toHaveText(FRENCH_DATE);
    await checkA11y();
    await pressFollow(page, page.getByRole('button', { name: /^Suivre/ }).first());
    await expect(page.getByRole('button', { name: /^Suivi/ }).first()).toBeVisible();

    // Alerts: French, with the lead in French words.
    await page.goto(`${site.url}/alerts`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alertes');
    await expect(page.getByLabel('M’écrire quand un match commence')).toHaveCount(1);
    await expect(page.getByLabel(/^M’écrire (une heure|\d+ heures|\d+ minutes?) avant un match$/)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Enregistrer les alertes' })).toBeVisible();
    await checkA11y();

    // My games: the school's finished games, their dates in French.
    await page.goto(`${site.url}/my-games?show=finished`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes matchs');
    await expect(page.locator('.following__kind')).toHaveText('École');
    await expect(page.locator('.result-count')).toHaveText(/^\d+ matchs?$/);
    await expect(page.locator('.event-card time').first()).toHaveText(FRENCH_DATE);
    await checkA11y();

    // A clip made with the French Clip form, and its share page for a visitor.
    const { items } = await listEvents({ stream_status: 'finished', limit: 50 }, site);
    let game: EventDetail | undefined;
    for (const e of items) {
      const { data } = (await (await fetch(`${site.channelApiUrl}/events/${e.id}?api_key=${encodeURIComponent(apiKey)}`)).json()) as { data: EventDetail };
      if (data.features.clip.state === 'allowed' && data.url) {
        game = data;
        break;
      }
    }
    expect(game, 'a finished game the subscriber may clip').toBeDefined();
    await page.goto(`${site.url}/watch/${game!.id}`);
    const clip = page.getByRole('region', { name: 'Clip' });
    await clip.getByLabel('Nom').fill('Le contre');
    await clip.getByRole('checkbox').first().check();
    await clip.getByLabel('Début').fill('0:04');
    await clip.getByLabel('Fin').fill('14');
    await clip.getByRole('button', { name: 'Créer le clip' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Clips' })).toBeVisible();
    const card = page.getByRole('listitem', { name: 'Le contre' });
    await expect(card.locator('time')).toHaveText(FRENCH_DATE);
    await expect(card.getByText(/^(En cours de création : \d+ %|Prêt)$/)).toBeVisible();
    await checkA11y();
    const shareUrl = await card.getByLabel('Lien de partage de Le contre').inputValue();

    // A visitor (no session) with French chosen: the public share page.
    await context.clearCookies();
    await context.addCookies([{ name: '__lang', value: 'fr', url: site.url }]);
    await page.goto(shareUrl);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le contre');
    await expect(page.getByRole('heading', { level: 2, name: 'Partager ce clip' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Regarder le match entier/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Se connecter' }).first()).toBeVisible();
    await expect(page.locator('.clip-more .event-card time').first()).toHaveText(FRENCH_DATE);
    await checkA11y();
  });
});

test.describe('the statement and the unsubscribe page in French', () => {
  test('the accessibility statement is French, the channel’s name and contacts as they are; its English is unchanged', async ({ page, checkA11y }) => {
    await page.context().addCookies([{ name: '__lang', value: 'fr', url: site.url }]);
    await page.goto(`${site.url}/accessibility`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibilité');
    await expect(page).toHaveTitle(/^Accessibilité \| .+$/);
    const channel = (await page.title()).replace(/^Accessibilité \| /, '');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'La norme',
      'Comment il est testé',
      'Limites connues',
      'Signaler un obstacle',
      'Cette déclaration',
    ]);
    await expect(main.getByText(/\(WCAG\) 2\.2 au niveau AA\. Chaque page fonctionne avec JavaScript désactivé/)).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: /vérifiée avec axe .* une fois avec JavaScript activé et une fois sans/ })).toHaveCount(1);
    await expect(main.getByRole('listitem').filter({ hasText: 'Les matchs n’ont ni audiodescription ni transcription.' })).toHaveCount(1);
    // The channel by its own name and contacts.
    await expect(main.getByText(`dites-le à ${channel}.`)).toBeVisible();
    const email = main.getByRole('link', { name: /^[^@\s]+@[^@\s]+\.[a-z]+$/i });
    await expect(email).toHaveAttribute('href', `mailto:${(await email.textContent())?.trim()}`);
    await expect(main.getByText(`Vous trouverez d’autres moyens de joindre ${channel} sur la page Contacts.`)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts');
    // Its date as fr-FR writes it.
    await expect(main.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(main.getByText(new RegExp(`^Cette déclaration a été revue pour la dernière fois le ${FRENCH_DATE.source}\\.$`))).toBeVisible();
    await checkA11y();

    // English asked for on the same site: the statement's English, word for word.
    await page.goto(`${site.url}/accessibility?lang=en`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'The standard',
      'How it is tested',
      'Known limits',
      'Report a barrier',
      'This statement',
    ]);
    await expect(main.getByText(`tell ${channel}.`)).toBeVisible();
    await expect(main.getByText(`Other ways to reach ${channel} are on the Contacts page.`)).toBeVisible();
    await expect(main.getByText(/^This statement was last reviewed on \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
  });

  test('the page an alert mail’s unsubscribe link opens is French for a French visitor: what the alert sends, in French plurals, and its Stop button', async ({
    page,
    context,
    checkA11y,
  }) => {
    test.slow();
    const fan = await createVerifiedUser({}, site);
    await signIn(context, fan, site);
    await context.addCookies([{ name: '__lang', value: 'fr', url: site.url }]);
    const { items } = await listEvents({ stream_status: 'upcoming', sort_field: 'event_utc_ts', sort_direction: 'asc', limit: 1 }, site);
    const game = items[0];
    await page.goto(`${site.url}/watch/${game.id}`);
    // With JavaScript the button turns before the channel has the follow: wait for its answer, as
    // leaving the page at once would cut the request short.
    const followed = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/follow');
    await page.getByRole('button', { name: `Suivre ${eventTitle(game)}`, exact: true }).click();
    await followed;
    await expect(page.getByRole('button', { name: `Suivi ${eventTitle(game)}`, exact: true })).toBeVisible();

    // The game's reminder on, in French: the mail comes at once (the lead reaches the game).
    const lead = `${ALERT_LEAD_MINUTES / 60} heures`;
    await page.goto(`${site.url}/alerts`);
    const since = Date.now();
    await page
      .getByRole('group', { name: `${game.name} Match`, exact: true })
      .getByRole('checkbox', { name: `M’écrire ${lead} avant un match` })
      .check();
    await page.getByRole('button', { name: 'Enregistrer les alertes' }).click();
    await expect(page.getByText(`Alertes enregistrées : nous vous écrirons ${lead} avant un match pour ${game.name}.`)).toBeVisible();
    const mail = await waitForMail(site.outbox, { to: fan.email, after: since }, 30_000);
    const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1];

    // Opened in a browser that chose French (no session): French, and it asks first.
    await context.clearCookies();
    await context.addCookies([{ name: '__lang', value: 'fr', url: site.url }]);
    await page.goto(unsubscribe);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('E-mails d’alerte');
    await expect(page).toHaveTitle(/^E-mails d’alerte \| /);
    await expect(page.getByText(`Vous recevez l’e-mail envoyé ${lead} avant le début du match ${game.name}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifier toutes vos alertes dans Mes matchs' })).toBeVisible();
    await checkA11y();
    await page.getByRole('button', { name: 'Arrêter ces e-mails' }).click();
    await expect(page.getByText(`C’est fait : vous ne recevrez plus l’e-mail envoyé ${lead} avant le début du match ${game.name}.`)).toBeVisible();
    await expect(page).toHaveURL(unsubscribe);
    await checkA11y();

    // A link that is not one of ours: said in French, with a 4xx.
    const bad = await page.goto(`${site.url}/alerts/unsubscribe/pas-un-jeton`);
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('Ce lien de désabonnement n’est pas valide. Ouvrez Mes matchs pour modifier vos alertes.');
    await checkA11y();

    // A mail provider's one-click post sends no language: the spec's English, word for word.
    const provider = await request.newContext();
    const posted = await provider.post(unsubscribe, {
      form: { 'List-Unsubscribe': 'One-Click' },
      headers: { Origin: 'https://mail.example' },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(200);
    expect(await posted.text()).toContain(`Done: you will no longer get an e-mail ${ALERT_LEAD_MINUTES / 60} hours before ${game.name} starts.`);
    await provider.dispose();
  });
});

test.describe('the operator’s report in French', () => {
  test('an operator who chose French reads the report in French, and its CSV file’s header row is French', async ({ page, context, checkA11y }) => {
    // As an operator starts: the temporary password the import printed, then one of their own.
    await signIn(context, await operatorFromImport(site.importOutput, OPERATOR, site), site);
    await context.addCookies([{ name: '__lang', value: 'fr', url: site.url }]);
    await page.goto(`${site.url}/operator/report`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rapport de la chaîne');
    await expect(page).toHaveTitle(/^Rapport de la chaîne \| /);
    await expect(page.locator('.report__totals dt').first()).toHaveText('Pages vues');
    await expect(page.getByText(/ · jours dans le fuseau horaire de la chaîne \(America\/Chicago\)$/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Minutes regardées par jour' })).toBeVisible();
    await checkA11y();

    // A preset: the last seven days of the channel's calendar.
    await page.getByRole('link', { name: '7 derniers jours', exact: true }).click();
    const week = lastDays(7, Date.now(), 'America/Chicago');
    await expect(page).toHaveURL(new RegExp(`from=${week.from}&to=${week.to}$`));
    await expect(page.getByLabel('Premier jour')).toHaveValue(week.from);

    // A table as a CSV file: its header row in French, its values as in English.
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'Codes de suivi', exact: true })
      .getByRole('link', { name: /^CSV du tableau «\s?par code de suivi\s?»$/ })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`report-codes-${week.from}-to-${week.to}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Code,Visiteurs,Vues vidéo,Achats,Recettes,Devise');
  });
});

test.describe('a browser that prefers French', () => {
  test.use({ locale: 'fr-FR' });

  test('gets French from Accept-Language where multilanguage is on, and English where it is off', async ({ page }) => {
    await page.goto(`${site.url}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'À venir', level: 2 })).toBeVisible();

    // The shared e2e site has multilanguage off: the spec's English, word for word, and no alternates.
    await page.goto(`${WEB_URL}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(1);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Français' })).toHaveCount(0);
  });
});
