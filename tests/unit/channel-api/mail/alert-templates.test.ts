import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alertListId, headerColors, leadText, renderAlert, type AlertMail } from '../../../../channel-api/mail/alert-templates.ts';
import { createMailer, senderOf } from '../../../../channel-api/mail/index.ts';
import { sendTime, stillWorthSending } from '../../../../channel-api/services/alerts.ts';
import { listMail } from '../../../support/outbox.ts';

/* The go-live and reminder mails: both parts say the game, its time in the channel's zone, the watch
   link, what to buy when the fan cannot watch yet, why the fan gets it and how to stop it; the
   mailer adds the RFC 8058 one-click headers. */

// Sat, Mar 14, 2026, 7:00 PM in Chicago (CDT): 2026-03-15T00:00:00Z.
const START = Date.UTC(2026, 2, 15, 0, 0, 0) / 1000;
const base: AlertMail = {
  kind: 'reminder',
  channelName: 'Lakeshore <Athletic> Conference',
  colors: { 'header-background': '#0B2545', 'header-text': '#FFFFFF' },
  firstName: 'Sam',
  game: 'Bayside Mariners @ Lakeview Lions (Boys Basketball)',
  start: START,
  timeZone: 'America/Chicago',
  leadMinutes: 60,
  watchUrl: 'https://fans.example/watch/12',
  followed: ['Lakeview Lakers', 'Boys Basketball'],
  purchase: null,
  unsubscribeUrl: 'https://fans.example/alerts/unsubscribe/abc.def',
  listId: { url: 'alerts.lakeshore.fans.example', comment: 'Lakeshore <Athletic> Conference game alerts' },
};

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('alert mails', () => {
  it('writes a reminder in both parts: the game, its time in its zone, the watch link, why and how to stop', () => {
    const mail = renderAlert(base);
    expect(mail.subject).toBe('Starting soon on Lakeshore <Athletic> Conference: Bayside Mariners @ Lakeview Lions (Boys Basketball)');
    expect(mail.text).toContain('Hello Sam,');
    expect(mail.text).toContain('Bayside Mariners @ Lakeview Lions (Boys Basketball) starts at Sat, Mar 14, 2026 · 7:00 PM CDT.');
    expect(mail.text).toContain('Open the game:\nhttps://fans.example/watch/12');
    expect(mail.text).toContain(
      'You get this e-mail because you follow Lakeview Lakers and Boys Basketball on Lakeshore <Athletic> Conference and chose to be e-mailed an hour before their games.',
    );
    expect(mail.text).toContain('Stop these e-mails:\nhttps://fans.example/alerts/unsubscribe/abc.def');
    expect(mail.text).not.toContain('buy');
    // HTML: escaped text, the channel's colours on its name and the button, both links.
    expect(mail.html).toContain('<div style="background: #0B2545; color: #FFFFFF;');
    expect(mail.html).toContain('>Lakeshore &lt;Athletic&gt; Conference</div>');
    expect(mail.html).toContain('<a href="https://fans.example/watch/12"');
    expect(mail.html).toContain('<a href="https://fans.example/alerts/unsubscribe/abc.def">Stop these e-mails</a>');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('writes a go-live mail, and says what to buy for a game the fan cannot watch yet', () => {
    const mail = renderAlert({
      ...base,
      kind: 'go-live',
      followed: [null],
      purchase: 'ppv',
    });
    expect(mail.subject).toBe('Live now on Lakeshore <Athletic> Conference: Bayside Mariners @ Lakeview Lions (Boys Basketball)');
    expect(mail.text).toContain('Bayside Mariners @ Lakeview Lions (Boys Basketball) has started (Sat, Mar 14, 2026 · 7:00 PM CDT).');
    expect(mail.text).toContain('This game is pay-per-view: buy a ticket for it on its page to watch.');
    expect(mail.text).toContain('Watch the game:\nhttps://fans.example/watch/12');
    expect(mail.text).toContain('because you follow this game on Lakeshore <Athletic> Conference and chose to be e-mailed when it starts.');
    expect(mail.html).toContain('<strong>This game is pay-per-view: buy a ticket for it on its page to watch.</strong>');
  });

  it('keeps the header readable whatever the channel picks, and names the lead and time plainly', () => {
    expect(headerColors({ 'header-background': '#FFFF00', 'header-text': '#FFFFFF' })).toEqual({ background: '#FFFF00', text: '#111111' });
    expect(headerColors({ 'header-background': 'red; x: y', 'header-text': '#000000' })).toEqual({ background: '#0B2545', text: '#FFFFFF' });
    expect(leadText(60)).toBe('an hour');
    expect(leadText(120)).toBe('2 hours');
    expect(leadText(90)).toBe('90 minutes');
    expect(leadText(1)).toBe('1 minute');
    expect([60, 120, 90].map((m) => leadText(m, 'fr'))).toEqual(['une heure', '2 heures', '90 minutes']);
  });

  it('writes an alert in French for a fan whose account says French (ADR 055)', () => {
    const mail = renderAlert({ ...base, purchase: 'paid' }, 'fr');
    expect(mail.subject).toBe('Bientôt sur Lakeshore <Athletic> Conference : Bayside Mariners @ Lakeview Lions (Boys Basketball)');
    expect(mail.text).toMatch(/^Bonjour Sam,/);
    expect(mail.text).toContain('Bayside Mariners @ Lakeview Lions (Boys Basketball) commence le sam. 14 mars 2026 · 19:00 UTC−5.');
    expect(mail.text).toContain('Ce match est payant : achetez un billet, un pass ou un abonnement sur sa page pour le regarder.');
    expect(mail.text).toContain('Ouvrir le match :\nhttps://fans.example/watch/12');
    expect(mail.text).toContain(
      'parce que vous suivez Lakeview Lakers et Boys Basketball sur Lakeshore <Athletic> Conference et avez choisi d’être prévenu une heure avant leurs matchs.',
    );
    expect(mail.text).toContain('Ne plus recevoir ces e-mails :\nhttps://fans.example/alerts/unsubscribe/abc.def');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Vous pouvez modifier toutes vos alertes dans Mes matchs.');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/mail\.\w+\.|e-mailed|Watch the game/);
  });

  it('sends a reminder the lead before and a go-live at the start, never after a game is long started or over', () => {
    expect(sendTime('reminder', START, 3600)).toBe(START - 3600);
    expect(sendTime('go-live', START, 3600)).toBe(START);
    expect(stillWorthSending('reminder', START, 7200, START - 1)).toBe(true);
    expect(stillWorthSending('reminder', START, 7200, START)).toBe(false);
    expect(stillWorthSending('go-live', START, 7200, START + 15 * 60)).toBe(true);
    expect(stillWorthSending('go-live', START, 7200, START + 15 * 60 + 1)).toBe(false);
    expect(stillWorthSending('go-live', START, 300, START + 301)).toBe(false);
  });

  it('the mailer adds List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) to an alert, and not to other mail', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-alert-mail-'));
    const mailer = createMailer({ outboxDir: dir, log: () => {} });
    await mailer.send('alert', 'fan@example.com', { channelName: base.channelName, link: base.watchUrl, alert: base });
    await mailer.send('verify', 'other@example.com', { channelName: base.channelName, link: 'https://fans.example/verify-email?token=x' });
    const [alert] = listMail(dir).filter((m) => m.to === 'fan@example.com');
    expect(alert.headers['list-unsubscribe']).toBe('<https://fans.example/alerts/unsubscribe/abc.def>');
    expect(alert.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(alert.text).toContain('Stop these e-mails');
    expect(alert.html).toContain('Stop these e-mails');
    const [verify] = listMail(dir).filter((m) => m.to === 'other@example.com');
    expect(verify.headers['list-unsubscribe']).toBeUndefined();
    expect(verify.headers['list-unsubscribe-post']).toBeUndefined();
    expect(verify.headers['list-id']).toBeUndefined();
  });

  it("names the channel as the sender, and files an alert under the channel's list (List-Id, RFC 2919)", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-alert-mail-'));
    const mailer = createMailer({ outboxDir: dir, log: () => {} });
    await mailer.send('alert', 'fan@example.com', { channelName: 'Lakeshore Athletic Conference', link: base.watchUrl, alert: base });
    await mailer.send('verify', 'other@example.com', { channelName: 'Lakeshore Athletic Conference', link: 'https://fans.example/verify-email?token=x' });
    const [alert] = listMail(dir).filter((m) => m.to === 'fan@example.com');
    expect(alert.headers.from).toBe('Lakeshore Athletic Conference <no-reply@fieldhouse.invalid>');
    expect(alert.headers['list-id']).toBe('"Lakeshore <Athletic> Conference game alerts" <alerts.lakeshore.fans.example>');
    const [verify] = listMail(dir).filter((m) => m.to === 'other@example.com');
    expect(verify.headers.from).toBe('Lakeshore Athletic Conference <no-reply@fieldhouse.invalid>');
  });

  it('sends every mail from MAIL_FROM, whole, when it is set', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-alert-mail-'));
    const mailer = createMailer({ outboxDir: dir, from: 'Conference Office <office@lakeshore.example>', log: () => {} });
    await mailer.send('verify', 'other@example.com', { channelName: 'Lakeshore Athletic Conference', link: 'https://fans.example/verify-email?token=x' });
    expect(listMail(dir)[0].headers.from).toBe('Conference Office <office@lakeshore.example>');
    expect(senderOf(undefined, 'Westshore Sports')).toEqual({ name: 'Westshore Sports', address: 'no-reply@fieldhouse.invalid' });
    expect(senderOf('  ', 'Westshore Sports')).toEqual({ name: 'Westshore Sports', address: 'no-reply@fieldhouse.invalid' });
  });

  it("builds the List-Id from the channel's name and slug and the web app's host", () => {
    expect(alertListId({ name: 'Lakeshore Athletic Conference', slug: 'demo' }, 'https://fans.lakeshore.example/')).toEqual({
      url: 'alerts.demo.fans.lakeshore.example',
      comment: 'Lakeshore Athletic Conference game alerts',
    });
    expect(alertListId({ name: 'Lakeshore', slug: 'demo' }, 'http://127.0.0.1:3000').url).toBe('alerts.demo.127.0.0.1');
    expect(alertListId({ name: 'Lakeshore', slug: 'demo' }, 'http://[::1]:3000').url).toBe('alerts.demo.--1');
  });
});
