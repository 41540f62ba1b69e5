import { escapeHtml } from './html.ts';
import { formatEventDate } from '../../contract/dates.ts';

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
  /** The followed things whose alert sends this mail. */
  followed: string[];
  /** Null when the fan may watch; else what to buy (said on the watch page's offers). */
  purchase: string | null;
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

/** '1 hour', '90 minutes', '2 hours'. */
export function leadText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

const names = (list: string[]) => (list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`);

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

export function renderAlert(a: AlertMail): { subject: string; text: string; html: string } {
  const when = formatEventDate(a.start, a.timeZone);
  // "Soon", not "in an hour": a reminder planned late (the fan turned it on 20 minutes before) is still true.
  const subject = a.kind === 'go-live' ? `Live now on ${a.channelName}: ${a.game}` : `Starting soon on ${a.channelName}: ${a.game}`;
  const greeting = a.firstName ? `Hello ${a.firstName},` : 'Hello,';
  const lead = a.kind === 'go-live' ? `${a.game} has started (${when}).` : `${a.game} starts at ${when}.`;
  const action = a.kind === 'go-live' ? 'Watch the game' : 'Open the game';
  // A followed game is named 'this game' (services/alerts.ts): "it", not "their games".
  const before = a.kind === 'go-live' ? 'when' : `${leadText(a.leadMinutes)} before`;
  const chose =
    a.followed.length === 1 && a.followed[0] === 'this game'
      ? `to be e-mailed ${before} it starts`
      : a.kind === 'go-live'
        ? 'to be e-mailed when their games start'
        : `to be e-mailed ${before} their games`;
  const why = `You get this e-mail because you follow ${names(a.followed)} on ${a.channelName} and chose ${chose}.`;
  const stop = 'Stop these e-mails';
  const text = [
    greeting,
    '',
    lead,
    ...(a.purchase ? ['', a.purchase] : []),
    '',
    `${action}:`,
    a.watchUrl,
    '',
    why,
    `${stop}:`,
    a.unsubscribeUrl,
    'You can change every alert on My games.',
    '',
    `— ${a.channelName}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const c = headerColors(a.colors);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a; background: #ffffff; margin: 0; padding: 0;">
<div style="background: ${c.background}; color: ${c.text}; padding: 16px 24px; font-weight: bold; font-size: 18px;">${e(a.channelName)}</div>
<main style="max-width: 560px; margin: 0 auto; padding: 24px;">
<h1 style="font-size: 22px;">${e(subject)}</h1>
<p>${e(greeting)}</p>
<p>${e(lead)}</p>
${a.purchase ? `<p><strong>${e(a.purchase)}</strong></p>\n` : ''}<p><a href="${e(a.watchUrl)}" style="display: inline-block; padding: 12px 20px; background: ${c.background}; color: ${c.text}; text-decoration: underline; border-radius: 4px;">${e(action)}</a></p>
<p>If the button does not work, copy this address into your browser:<br><a href="${e(a.watchUrl)}">${e(a.watchUrl)}</a></p>
<hr style="border: 0; border-top: 1px solid #767676;">
<p style="font-size: 14px;">${e(why)} <a href="${e(a.unsubscribeUrl)}">${e(stop)}</a>. You can change every alert on My games.</p>
<p>— ${e(a.channelName)}</p>
</main>
</body>
</html>
`;
  return { subject, text, html };
}
