import { renderAlert, type AlertMail } from './alert-templates.ts';
import { escapeHtml } from './html.ts';
import { mailTranslator } from './messages.ts';
import { formatLongDateTime } from '../../contract/dates.ts';
import type { Locale } from '../../contract/locale.ts';
import { formatMoney } from '../../contract/money.ts';

/* Plain, accessible messages: a text part that reads well on its own and a simple HTML part
 * (one column, real text, a link with a descriptive name and the full address written out). */

export type MailKind = 'verify' | 'reset' | 'delete' | 'receipt' | 'renewal' | 'payment-failed' | 'trial-ending' | 'gift' | 'alert';

/** A paid purchase, as its receipt lists it; amounts in the currency's minor units, as stored. */
export interface Receipt {
  number: string;
  /** ISO date-time of the payment, and the channel's zone it is written in (ADR 045). */
  paidAt: string;
  timeZone: string;
  lines: { name: string; amountCents: number }[];
  serviceFeeCents: number;
  totalCents: number;
  currency: string;
}

export interface MailInput {
  channelName: string;
  link: string;
  firstName?: string;
  /** Only for 'receipt' and 'renewal'. */
  receipt?: Receipt;
  /** The notices about a subscription ('payment-failed', 'trial-ending') and a gift's redeem link:
   *  their words, already in the mail's language. */
  notice?: { subject: string; paragraphs: string[]; action: string };
  /** Only for 'alert' (a game's go-live or reminder mail): `link` is its watch page. */
  alert?: AlertMail;
  /** The mail's language (ADR 055: the call's for the account mails, the account's for the rest);
   *  English when left out. */
  locale?: Locale;
}

/** A rendered mail; `unsubscribe` is the one-click address (RFC 8058) and `listId` the list
 *  (RFC 2919) the mailer puts in its headers. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  unsubscribe?: string;
  listId?: { url: string; comment: string };
}

interface Copy {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
}

/** An account mail's words in the fan's language (mail/messages.ts). */
function copyOf(kind: 'verify' | 'reset' | 'delete', channel: string, locale: Locale): Copy {
  const { t } = mailTranslator(locale);
  return {
    subject: t(`mail.${kind}.subject`, { channel }),
    intro: t(`mail.${kind}.intro`, { channel }),
    action: t(`mail.${kind}.action`),
    validity: t(`mail.${kind}.validity`),
    ignore: t(`mail.${kind}.ignore`),
  };
}

export function renderMail(kind: MailKind, input: MailInput): RenderedMail {
  if (kind === 'alert') return { ...renderAlert(input.alert!, input.locale), unsubscribe: input.alert!.unsubscribeUrl, listId: input.alert!.listId };
  if (kind === 'receipt' || kind === 'renewal') return renderReceipt(input);
  if (kind === 'payment-failed' || kind === 'trial-ending' || kind === 'gift') return renderNotice(input);
  const locale = input.locale ?? 'en';
  const { t } = mailTranslator(locale);
  const c = copyOf(kind, input.channelName, locale);
  const greeting = greetingOf(input.firstName, locale);
  const text = textMail(input.channelName, [greeting, '', c.intro, '', t('mail.actionLine', { action: c.action }), input.link, '', c.validity, c.ignore]);
  const e = escapeHtml;
  const html = htmlMail(
    locale,
    c.subject,
    greeting,
    `<p>${e(c.intro)}</p>
<p><a href="${e(input.link)}" style="display: inline-block; padding: 12px 20px; background: #0b57d0; color: #ffffff; text-decoration: underline; border-radius: 4px;">${e(c.action)}</a></p>
<p>${e(t('mail.copyLink'))}<br><a href="${e(input.link)}">${e(input.link)}</a></p>
<p>${e(c.validity)}</p>
<p>${e(c.ignore)}</p>`,
    input.channelName,
  );
  return { subject: c.subject, text, html };
}

/** A mail's text part: its lines, then the channel's name. */
const textMail = (channelName: string, lines: string[]) => [...lines, '', `— ${channelName}`, ''].join('\n');

/** A mail's HTML part: one column, its subject as the heading, the greeting, the body's HTML, the channel's name. */
function htmlMail(locale: Locale, subject: string, greeting: string, body: string, channelName: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a; background: #ffffff; margin: 0; padding: 24px;">
<main style="max-width: 560px; margin: 0 auto;">
<h1 style="font-size: 22px;">${e(subject)}</h1>
<p>${e(greeting)}</p>
${body}
<p>— ${e(channelName)}</p>
</main>
</body>
</html>
`;
}

const greetingOf = (firstName: string | undefined, locale: Locale) => {
  const { t } = mailTranslator(locale);
  return firstName ? t('mail.helloName', { name: firstName }) : t('mail.hello');
};

/** The receipt of a paid purchase: what was bought, the fee, the total, and the rule of sale. */
function renderReceipt(input: MailInput): { subject: string; text: string; html: string } {
  const r = input.receipt!;
  const locale = input.locale ?? 'en';
  const { t } = mailTranslator(locale);
  const subject = t('mail.receipt.subject', { channel: input.channelName, number: r.number });
  const greeting = greetingOf(input.firstName, locale);
  const paid = formatLongDateTime(r.paidAt, r.timeZone, locale);
  const thanks = t('mail.receipt.thanks', { number: r.number, paid });
  const rows: [string, string][] = [...r.lines.map((l): [string, string] => [l.name, formatMoney(l.amountCents, r.currency, locale)])];
  if (r.serviceFeeCents > 0) rows.push([t('mail.receipt.serviceFee'), formatMoney(r.serviceFeeCents, r.currency, locale)]);
  const total = formatMoney(r.totalCents, r.currency, locale);
  const text = textMail(input.channelName, [
    greeting,
    '',
    thanks,
    '',
    ...rows.map(([name, amount]) => t('mail.receipt.line', { name, amount })),
    t('mail.receipt.totalLine', { total }),
    '',
    t('mail.receipt.final'),
    '',
    t('mail.receipt.yourOrder'),
    input.link,
  ]);
  const e = escapeHtml;
  const html = htmlMail(
    locale,
    subject,
    greeting,
    `<p>${e(thanks)}</p>
<table style="border-collapse: collapse; width: 100%;">
<caption style="text-align: left; font-weight: bold; padding-bottom: 8px;">${e(t('mail.receipt.caption'))}</caption>
<thead><tr><th scope="col" style="text-align: left; border-bottom: 1px solid #767676;">${e(t('mail.receipt.item'))}</th><th scope="col" style="text-align: right; border-bottom: 1px solid #767676;">${e(t('mail.receipt.amount'))}</th></tr></thead>
<tbody>
${rows.map(([name, amount]) => `<tr><td style="padding: 4px 0;">${e(name)}</td><td style="text-align: right;">${e(amount)}</td></tr>`).join('\n')}
</tbody>
<tfoot><tr><th scope="row" style="text-align: left; border-top: 1px solid #767676;">${e(t('mail.receipt.total'))}</th><td style="text-align: right; border-top: 1px solid #767676; font-weight: bold;">${e(total)}</td></tr></tfoot>
</table>
<p>${e(t('mail.receipt.final'))}</p>
<p><a href="${e(input.link)}">${e(t('mail.seeOrder'))}</a>: ${e(input.link)}</p>`,
    input.channelName,
  );
  return { subject, text, html };
}

/** A short notice about the fan's subscription: what happened, what happens next, a link. */
function renderNotice(input: MailInput): { subject: string; text: string; html: string } {
  const n = input.notice!;
  const locale = input.locale ?? 'en';
  const greeting = greetingOf(input.firstName, locale);
  const actionLine = mailTranslator(locale).t('mail.actionLine', { action: n.action });
  const text = textMail(input.channelName, [greeting, '', ...n.paragraphs.flatMap((p) => [p, '']), actionLine, input.link]);
  const e = escapeHtml;
  const html = htmlMail(
    locale,
    n.subject,
    greeting,
    `${n.paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
<p><a href="${e(input.link)}">${e(n.action)}</a>: ${e(input.link)}</p>`,
    input.channelName,
  );
  return { subject: n.subject, text, html };
}
