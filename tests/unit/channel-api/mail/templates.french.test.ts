import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../../channel-api/mail/templates.ts';

const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/* The account mails in the fan's language (issue 36, ADR 055): French when the call named it,
   English, as before, otherwise. */

describe('account mails in French', () => {
  it.each(['verify', 'reset', 'delete'] as const)('writes the %s mail in French, every message found', (kind) => {
    const mail = renderMail(kind, { channelName: 'Lakeshore', link: 'https://example.test/x?token=abc', firstName: 'Ada', locale: 'fr' });
    expect(mail.text).toMatch(/^Bonjour Ada,/);
    expect(mail.html).toContain('<html lang="fr">');
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/mail\.\w+/);
    expect(mail.subject).toContain('Lakeshore');
  });

  it('says the verification mail’s words in French', () => {
    const mail = renderMail('verify', { channelName: 'Lakeshore', link: 'https://example.test/verify-email?token=abc', locale: 'fr' });
    expect(mail.subject).toBe('Vérifiez votre adresse e-mail pour Lakeshore');
    expect(mail.text).toContain('Vérifier mon adresse e-mail :\nhttps://example.test/verify-email?token=abc');
  });

  it('stays English without a language', () => {
    const mail = renderMail('verify', { channelName: 'Lakeshore', link: 'https://example.test/x' });
    expect(mail.subject).toBe('Verify your email address for Lakeshore');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toMatch(/^Hello,/);
  });
});

/* The mails sent outside a request, in the language kept on the fan's account (ADR 055). */
describe('receipts and notices in French', () => {
  const receipt = {
    number: 'FH-12',
    paidAt: '2026-03-14T23:30:00Z',
    timeZone: 'America/Chicago',
    lines: [{ name: 'Season pass', amountCents: 123450 }],
    serviceFeeCents: 99,
    totalCents: 123549,
    currency: 'USD',
  };

  it('writes a receipt in French: its words, fr-FR amounts with the spec’s $, the date in the channel’s zone', () => {
    const mail = renderMail('receipt', { channelName: 'Lakeshore', link: 'https://example.test/orders/3', firstName: 'Aimée', receipt, locale: 'fr' });
    const text = nbsp(mail.text);
    expect(mail.subject).toBe('Votre reçu Lakeshore FH-12');
    expect(text).toMatch(/^Bonjour Aimée,\n\nMerci pour votre achat\. Voici votre reçu FH-12, payé le 14 mars 2026 à 18:30 UTC−5\./);
    expect(text).toContain('Season pass : 1 234,50 $');
    expect(text).toContain('Frais de service : 0,99 $');
    expect(text).toContain('Total payé : 1 235,49 $');
    expect(text).toContain('Toutes les ventes sont définitives, sans remboursement.');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('<caption style="text-align: left; font-weight: bold; padding-bottom: 8px;">Ce que vous avez payé</caption>');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/mail\.\w+\.|Thank you|Total paid/);
  });

  it('keeps the receipt’s English word for word without a language', () => {
    const mail = renderMail('receipt', { channelName: 'Lakeshore', link: 'https://example.test/orders/3', receipt });
    expect(mail.subject).toBe('Your Lakeshore receipt FH-12');
    expect(mail.text).toContain('Thank you for your purchase. This is your receipt FH-12, paid ');
    expect(mail.text).toContain('Season pass: $1,234.50\nService fee: $0.99\nTotal paid: $1,235.49\n\nAll sales final, no refunds.\n\nYour order:\n');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('writes a notice’s greeting, action line and lang in the mail’s language', () => {
    const notice = { subject: 'Sujet', paragraphs: ['Un paragraphe.'], action: 'Voir votre commande' };
    const mail = renderMail('trial-ending', { channelName: 'Lakeshore', link: 'https://example.test/orders/3', notice, locale: 'fr' });
    expect(mail.text).toBe('Bonjour,\n\nUn paragraphe.\n\nVoir votre commande :\nhttps://example.test/orders/3\n\n— Lakeshore\n');
    expect(mail.html).toContain('<html lang="fr">');
  });
});
