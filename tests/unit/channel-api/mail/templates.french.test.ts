import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../../channel-api/mail/templates.ts';

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
    expect(mail.text).toContain('Vérifier mon adresse e-mail:\nhttps://example.test/verify-email?token=abc');
  });

  it('stays English without a language', () => {
    const mail = renderMail('verify', { channelName: 'Lakeshore', link: 'https://example.test/x' });
    expect(mail.subject).toBe('Verify your email address for Lakeshore');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toMatch(/^Hello,/);
  });
});
