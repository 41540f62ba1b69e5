import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { renderMail, type MailKind, type MailInput } from './templates.ts';

/* Outgoing mail. With SMTP_URL it goes out by SMTP; without, each message is written as an .eml
 * file to `<dataDir>/outbox/` (the embedded default: nothing leaves the machine) and its link
 * is logged. Callers send after their transaction commits: a slow mail server must not hold
 * database locks, and a rolled-back change must not have mailed anyone. */

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  /** The whole From header (env MAIL_FROM), for every channel; left out, each mail is from its
   *  channel: `"<channel name>" <${DEFAULT_FROM_ADDRESS}>`. */
  from?: string;
  log(message: string): void;
}

/** The sender's address when MAIL_FROM names none: a reserved domain, so nothing answers it. */
export const DEFAULT_FROM_ADDRESS = 'no-reply@fieldhouse.invalid';

/** Who a mail is from: MAIL_FROM whole when it is set, else the channel's name (issue 34). */
export function senderOf(mailFrom: string | undefined, channelName: string): string | { name: string; address: string } {
  return mailFrom?.trim() ? mailFrom : { name: channelName.trim() || 'Fieldhouse', address: DEFAULT_FROM_ADDRESS };
}

export interface Mailer {
  /** Resolves once the message is written or accepted by the SMTP server. */
  send(kind: MailKind, to: string, input: MailInput): Promise<void>;
  readonly outboxDir: string | null;
}

export function createMailer(opts: MailerOptions): Mailer {
  const smtp: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const files = smtp ? null : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: smtp ? null : opts.outboxDir,
    async send(kind, to, input) {
      const { subject, text, html, unsubscribe, listId } = renderMail(kind, input);
      // RFC 8058 one-click: nodemailer writes List-Unsubscribe from `list`; the -Post header it
      // has no option for (nodemailer #1256). With DKIM, both must be in dkim.headerFieldNames.
      // List-Id (RFC 2919): a mail program files or filters a channel's alerts by it.
      const list = { ...(unsubscribe ? { unsubscribe } : {}), ...(listId ? { id: listId } : {}) };
      const oneClick = unsubscribe ? { headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {};
      const message = { from: senderOf(opts.from, input.channelName), to, subject, text, html, ...(unsubscribe || listId ? { list } : {}), ...oneClick };
      if (smtp) {
        await smtp.sendMail(message);
        return;
      }
      const info = await files!.sendMail(message);
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      // ISO time first: a directory listing sorts oldest to newest; ':' is not allowed on every filesystem.
      const stamp = new Date().toISOString().replace(/:/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${kind}-${randomBytes(4).toString('hex')}.eml`);
      // Written whole, then named: a reader of the outbox never sees half a mail.
      fs.writeFileSync(`${file}.partial`, info.message as Buffer);
      fs.renameSync(`${file}.partial`, file);
      opts.log(`channel-api: mail "${subject}" to ${to} written to ${file}; link: ${input.link}`);
    },
  };
}

/** Sends after the change is committed; a failed delivery is logged and does not undo the change
 *  (the fan can ask again: log in re-mails a verification link, the reset form mails a new one). */
export function deliver(mailer: Mailer, log: (message: string) => void, ...args: Parameters<Mailer['send']>): Promise<void> {
  return mailer.send(...args).catch((error: Error) => log(`channel-api: could not send ${args[0]} mail to ${args[1]}: ${error.message}`));
}

export type { MailKind, MailInput };
