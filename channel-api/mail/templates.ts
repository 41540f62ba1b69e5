/* Plain, accessible messages: a text part that reads well on its own and a simple HTML part
 * (one column, real text, a link with a descriptive name and the full address written out). */

export type MailKind = 'verify' | 'reset' | 'delete';

export interface MailInput {
  channelName: string;
  link: string;
  firstName?: string;
}

interface Copy {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
}

const copy: Record<MailKind, (channel: string) => Copy> = {
  verify: (channel) => ({
    subject: `Verify your email address for ${channel}`,
    intro: `Thanks for registering with ${channel}. Please confirm that this is your email address.`,
    action: 'Verify my email address',
    validity: 'The link is valid for 48 hours.',
    ignore: 'If you did not register, you can ignore this message.',
  }),
  reset: (channel) => ({
    subject: `Reset your ${channel} password`,
    intro: `Someone asked to reset the password of your ${channel} account.`,
    action: 'Choose a new password',
    validity: 'The link is valid for 60 minutes and works once.',
    ignore: 'If you did not ask for this, you can ignore this message: your password stays the same.',
  }),
  delete: (channel) => ({
    subject: `Confirm the deletion of your ${channel} account`,
    intro: `You asked to delete your ${channel} account. Your profile, favorites and clips will be removed; this cannot be undone.`,
    action: 'Confirm the deletion of my account',
    validity: 'The link is valid for 24 hours. The page it opens asks you to confirm once more.',
    ignore: 'If you did not ask for this, you can ignore this message: your account stays as it is.',
  }),
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function renderMail(kind: MailKind, input: MailInput): { subject: string; text: string; html: string } {
  const c = copy[kind](input.channelName);
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [greeting, '', c.intro, '', `${c.action}:`, input.link, '', c.validity, c.ignore, '', `— ${input.channelName}`, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(c.subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a; background: #ffffff; margin: 0; padding: 24px;">
<main style="max-width: 560px; margin: 0 auto;">
<h1 style="font-size: 22px;">${e(c.subject)}</h1>
<p>${e(greeting)}</p>
<p>${e(c.intro)}</p>
<p><a href="${e(input.link)}" style="display: inline-block; padding: 12px 20px; background: #0b57d0; color: #ffffff; text-decoration: underline; border-radius: 4px;">${e(c.action)}</a></p>
<p>If the button does not work, copy this address into your browser:<br><a href="${e(input.link)}">${e(input.link)}</a></p>
<p>${e(c.validity)}</p>
<p>${e(c.ignore)}</p>
<p>— ${e(input.channelName)}</p>
</main>
</body>
</html>
`;
  return { subject: c.subject, text, html };
}
