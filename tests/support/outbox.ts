import fs from 'node:fs';
import path from 'node:path';

/* Reads the mail the channel API wrote to its outbox (`<dataDir>/outbox/*.eml`): headers, the
 * decoded text and HTML parts (quoted-printable or base64), and every link in them. */

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** http(s) links in the text and HTML parts, decoded, without duplicates. */
  links: string[];
  /** File modification time, ms. */
  time: number;
  /** The message's own headers, names lowercased, folded lines joined. */
  headers: Record<string, string>;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  // Folded header lines start with whitespace and continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Leaf parts of a (possibly nested) multipart message. */
function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`).slice(1);
  return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => leaves(splitPart(p.replace(/^\n/, ''))));
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

export function parseMail(file: string): Mail {
  const message = splitPart(fs.readFileSync(file, 'utf8'));
  let text = '';
  let html = '';
  for (const leaf of leaves(message)) {
    const type = (leaf.headers['content-type'] ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/html')) html += decodeBody(leaf);
    else if (type.startsWith('text/plain')) text += decodeBody(leaf);
  }
  const links = new Set<string>();
  for (const m of text.matchAll(/https?:\/\/[^\s<>"]+/g)) links.add(m[0]);
  for (const m of html.matchAll(/href="(https?:\/\/[^"]+)"/g)) links.add(decodeEntities(m[1]));
  return {
    file,
    to: decodeHeader(message.headers.to ?? ''),
    subject: decodeHeader(message.headers.subject ?? ''),
    text,
    html,
    links: [...links],
    time: writtenAt(file),
    headers: message.headers,
  };
}

/** When the mailer wrote the file: the ISO time its name starts with (the same clock as the
 *  test's Date.now()), else the file's mtime. Not the mtime first: the kernel stamps files with
 *  a coarse clock that can read a few milliseconds behind Date.now(), so a mail written right
 *  after a test noted the time looked older than it. */
function writtenAt(file: string): number {
  const time = nameTime(path.basename(file));
  return Number.isNaN(time) ? fs.statSync(file).mtimeMs : time;
}

/** The ISO time a mail's file name starts with; NaN for a name without one. */
function nameTime(name: string): number {
  const stamp = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2}(?:\.\d+)?Z)-/.exec(name);
  return stamp ? Date.parse(`${stamp[1]}:${stamp[2]}:${stamp[3]}`) : NaN;
}

/** Mails already read, by file: the mailer writes a mail whole and then names it, and never
 *  changes it, so each file is parsed once however often a test polls the outbox (which grows
 *  by hundreds of mails over an e2e run). */
const parsed = new Map<string, Mail>();
const readMail = (file: string) => {
  let mail = parsed.get(file);
  if (!mail) parsed.set(file, (mail = parseMail(file)));
  return mail;
};

/** Every mail in the outbox, newest first (file names start with the ISO time); with `after`, only
 *  those written since (told by the name, before any file is read). */
export function listMail(dir: string, after?: number | Date): Mail[] {
  if (!fs.existsSync(dir)) return [];
  const since = after === undefined ? -Infinity : Number(after) - 1;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && !(nameTime(f) < since))
    .sort()
    .reverse()
    .map((f) => readMail(path.join(dir, f)));
}

export interface MailQuery {
  to: string;
  /** Substring of the subject, or a pattern. */
  subject?: string | RegExp;
  /** Only mail written at or after this time (ms since epoch, or a Date). */
  after?: number | Date;
}

const matches = (mail: Mail, q: MailQuery) =>
  mail.to.toLowerCase().includes(q.to.toLowerCase()) &&
  (q.subject === undefined || (typeof q.subject === 'string' ? mail.subject.includes(q.subject) : q.subject.test(mail.subject))) &&
  (q.after === undefined || mail.time >= Number(q.after) - 1);

/** The newest matching mail, polling the directory for up to `timeoutMs` (default 10 s). */
export async function waitForMail(dir: string, q: MailQuery, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = listMail(dir, q.after).find((m) => matches(m, q));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${q.to}${q.subject ? ` about ${q.subject}` : ''} in ${dir} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The `token` query parameter of the mail's first link to `pathname` (e.g. '/verify-email'). */
export function tokenFrom(mail: Mail, pathname: string): string {
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === pathname);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`no ${pathname}?token= link in ${mail.file}`);
  return token;
}

/** The last path segment of the mail's first link under `prefix` (e.g. '/gift/' → the token). */
export function pathTokenFrom(mail: Mail, prefix: string): string {
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname.startsWith(prefix) && u.pathname.length > prefix.length);
  if (!link) throw new Error(`no ${prefix}… link in ${mail.file}`);
  return decodeURIComponent(link.pathname.slice(prefix.length));
}
