/* The two HTML checkers of the markup test (issue 34): the W3C Nu validator (`vnu-jar`, a Java
   program: run once for every page, as its JVM takes seconds to start) and html-validate (in this
   process, with the repository's .htmlvalidate.mjs). Each answers its findings a line each:
   `<page> <path> <line>:<column> <message> — “<the markup>”`. */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';

/** A page as the server sent it, saved to `file` (named after the page). */
export interface SavedPage {
  name: string;
  path: string;
  file: string;
  html: string;
}

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** A short run: the JVM's quick compiler only (half the CPU time of its default for our ~45
 *  pages), one garbage-collector thread, and the larger thread stack the checker then needs. */
const JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss4m'];

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The Nu validator's errors on every page (warnings are not errors: `--errors-only`; the pages
 *  say their language, so it does not guess it: `--no-langdetect`). */
export async function nuValidatorErrors(pages: SavedPage[]): Promise<string[]> {
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      'java',
      [...JAVA_OPTIONS, '-jar', VNU_JAR, '--errors-only', '--no-langdetect', '--format', 'json', ...pages.map((p) => p.file)],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // It exits 1 when it found errors; the JSON report is on stderr.
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          reject(new Error('java is not installed: the Nu validator needs it (Debian: apt-get install default-jre-headless; npm test installs it)'));
        } else if (error && !stderr.trim().startsWith('{')) reject(new Error(`vnu.jar failed: ${stderr || stdout || error.message}`));
        else resolve(stderr.trim().startsWith('{') ? stderr : stdout);
      },
    );
  });
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  const byFile = new Map(pages.map((p) => [path.resolve(p.file), p]));
  return messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
    .map((m) => {
      const page = m.url ? byFile.get(path.resolve(fileURLToPath(m.url))) : undefined;
      const where = page ? `${page.name} ${page.path}` : (m.url ?? '?');
      return `${where} ${m.lastLine ?? '?'}:${m.firstColumn ?? m.lastColumn ?? '?'} ${m.message}${m.extract ? ` — “${oneLine(m.extract)}”` : ''}`;
    });
}

/** html-validate's errors on every page, with the rules of .htmlvalidate.mjs. */
export async function htmlValidateErrors(pages: SavedPage[]): Promise<string[]> {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const found: string[] = [];
  for (const page of pages) {
    // Named after the file in the repository's tree, so its configuration is the repository's.
    const report = await validator.validateString(page.html, path.resolve('page.html'));
    for (const result of report.results) {
      for (const m of result.messages) {
        if (m.severity < 2) continue;
        const source = page.html.split('\n')[m.line - 1]?.slice(Math.max(0, m.column - 1), m.column + 99) ?? '';
        found.push(`${page.name} ${page.path} ${m.line}:${m.column} ${m.ruleId}: ${m.message} — “${oneLine(source)}”`);
      }
    }
  }
  return found;
}
