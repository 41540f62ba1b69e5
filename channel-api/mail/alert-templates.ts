import { escapeHtml } from './html.ts';
import { mailTranslator } from './messages.ts';
import { formatEventDate } from '../../contract/dates.ts';
import type { Locale } from '../../contract/locale.ts';

/* The go-live and reminder mails (issue 24): a text part that reads well on its own and a simple
 * HTML part in the channel's colours, saying which game (its one name), when (in the channel's
 * time zone, as the web app shows it), where to watch, what to buy if the fan cannot watch it yet, why the fan gets
 * it and how to stop it. */

export interface AlertMail {
  kind: 'go-live' | 'reminder';
  channelName: string;
  /** The channel's colour settings (header-background, header-text); bad or missing ones fall back. */
  colors: Record<string, string>;
  firstName?: string;
  game: string;
  /** Epoch seconds, and the channel's IANA time zone it is written in (ADR 045). */
  start: number;
  timeZone: string;
  leadMinutes: number;
  watchUrl: string;
  /** The followed things whose alert sends this mail; null stands for the game itself (a
   *  followed game: 'this game'). */
  followed: (string | null)[];
  /** Null when the fan may watch; else what to buy (said on the watch page's offers). */
  purchase: 'ppv' | 'paid' | null;
  unsubscribeUrl: string;
  /** The List-Id header (RFC 2919): `alertListId`. */
  listId: { url: string; comment: string };
}

/** The list a channel's alert mails belong to: '"Lakeshore game alerts" <alerts.lakeshore.fans.example>',
 *  from the channel's name and slug and the host of the web app's address. */
export function alertListId(channel: { name: string; slug: string }, publicUrl: string): { url: string; comment: string } {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '').replace(/[^A-Za-z0-9.-]/g, '-') || 'localhost';
  return { url: `alerts.${channel.slug}.${host}`, comment: `${channel.name.trim()} game alerts` };
}

/** 'an hour', '90 minutes', '2 hours' (or in French). */
export function leadText(minutes: number, locale: Locale = 'en'): string {
  const { t } = mailTranslator(locale);
  return minutes % 60 !== 0 ? t('mail.alert.leadMinutes', { minutes }) : t('mail.alert.leadHours', { hours: minutes / 60 });
}

/** 'A', 'A and B', 'A, B and C'. */
const names = (list: string[], locale: Locale) =>
  list.length <= 1 ? (list[0] ?? '') : mailTranslator(locale).t('mail.alert.and', { first: list.slice(0, -1).join(', '), last: list[list.length - 1] });

const HEX = /^#[0-9a-f]{6}$/i;
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** The header's colours: the channel's when they are hex and read at WCAG AA (4.5:1), else its
 *  background with black or white text, else the default navy. */
export function headerColors(colors: Record<string, string>): { background: string; text: string } {
  const background = HEX.test(colors['header-background'] ?? '') ? colors['header-background'] : '#0B2545';
  const text = colors['header-text'] ?? '';
  if (HEX.test(text) && contrast(background, text) >= 4.5) return { background, text };
  return { background, text: contrast(background, '#111111') >= contrast(background, '#FFFFFF') ? '#111111' : '#FFFFFF' };
}

export function renderAlert(a: AlertMail, locale: Locale = 'en'): { subject: string; text: string; html: string } {
  const { t } = mailTranslator(locale);
  const when = formatEventDate(a.start, a.timeZone, locale);
  const live = a.kind === 'go-live';
  // "Soon", not "in an hour": a reminder planned late (the fan turned it on 20 minutes before) is still true.
  const subject = t(live ? 'mail.alert.subjectLive' : 'mail.alert.subjectSoon', { channel: a.channelName, game: a.game });
  const greeting = a.firstName ? t('mail.helloName', { name: a.firstName }) : t('mail.hello');
  const lead = t(live ? 'mail.alert.started' : 'mail.alert.startsAt', { game: a.game, when });
  const action = t(live ? 'mail.alert.watch' : 'mail.alert.open');
  // A followed game is named 'this game': "it", not "their games".
  const justTheGame = a.followed.length === 1 && a.followed[0] === null;
  const why = t(justTheGame ? (live ? 'mail.alert.why.gameLive' : 'mail.alert.why.gameSoon') : live ? 'mail.alert.why.live' : 'mail.alert.why.soon', {
    names: names(
      a.followed.map((f) => f ?? t('mail.alert.thisGame')),
      locale,
    ),
    channel: a.channelName,
    lead: leadText(a.leadMinutes, locale),
  });
  const stop = t('mail.alert.stop');
  const purchase = a.purchase ? t(a.purchase === 'ppv' ? 'mail.alert.ppv' : 'mail.alert.paid') : null;
  const text = [
    greeting,
    '',
    lead,
    ...(purchase ? ['', purchase] : []),
    '',
    t('mail.actionLine', { action }),
    a.watchUrl,
    '',
    why,
    t('mail.actionLine', { action: stop }),
    a.unsubscribeUrl,
    t('mail.alert.changeAll'),
    '',
    `— ${a.channelName}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const c = headerColors(a.colors);
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a; background: #ffffff; margin: 0; padding: 0;">
<div style="background: ${c.background}; color: ${c.text}; padding: 16px 24px; font-weight: bold; font-size: 18px;">${e(a.channelName)}</div>
<main style="max-width: 560px; margin: 0 auto; padding: 24px;">
<h1 style="font-size: 22px;">${e(subject)}</h1>
<p>${e(greeting)}</p>
<p>${e(lead)}</p>
${purchase ? `<p><strong>${e(purchase)}</strong></p>\n` : ''}<p><a href="${e(a.watchUrl)}" style="display: inline-block; padding: 12px 20px; background: ${c.background}; color: ${c.text}; text-decoration: underline; border-radius: 4px;">${e(action)}</a></p>
<p>${e(t('mail.copyLink'))}<br><a href="${e(a.watchUrl)}">${e(a.watchUrl)}</a></p>
<hr style="border: 0; border-top: 1px solid #767676;">
<p style="font-size: 14px;">${e(why)} <a href="${e(a.unsubscribeUrl)}">${e(stop)}</a>. ${e(t('mail.alert.changeAll'))}</p>
<p>— ${e(a.channelName)}</p>
</main>
</body>
</html>
`;
  return { subject, text, html };
}
