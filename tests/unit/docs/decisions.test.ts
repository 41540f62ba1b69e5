import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/* The ADRs and their index (docs/decisions/README.md) say the same: every ADR has a Date and a
   Status, is in the index with that status word for word, and every ADR a status names as
   amending or superseding it exists, comes later, and has the date given. */

const DIR = path.resolve(import.meta.dirname, '../../../docs/decisions');
const files = fs.readdirSync(DIR).filter((f) => /^\d{3}-.+\.md$/.test(f));

interface Adr {
  file: string;
  number: string;
  date: string;
  status: string;
  text: string;
}

const HEAD = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/m;

function read(file: string): Adr {
  const text = fs.readFileSync(path.join(DIR, file), 'utf8');
  const head = HEAD.exec(text);
  return { file, number: file.slice(0, 3), date: head?.[1] ?? '', status: head?.[2].trim() ?? '', text };
}

const adrs = files.map(read);
const byNumber = new Map(adrs.map((a) => [a.number, a]));

/** The index's rows: `| [NNN](file) | title | status | what it decides |`. */
function indexRows(): { number: string; file: string; status: string }[] {
  const index = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
  return [...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) \| [^|]+ \| ([^|]+) \| [^|]+ \|$/gm)].map((m) => ({ number: m[1], file: m[2], status: m[3].trim() }));
}

/** What a status says: `Accepted`, or `Superseded by NNN (date)`, or `Accepted; ` and a comma
 *  list of `amended by NNN (date)`, `NNN (date)` (by the same word), `by NNN (date)` and
 *  `amended YYYY-MM-DD (below)`. Answers the ADRs it names and the dates of its own amendments,
 *  or undefined for anything else. */
function parseStatus(status: string): { named: { number: string; date: string }[]; own: string[] } | undefined {
  const superseded = /^Superseded by (\d{3}) \((\d{4}-\d{2}-\d{2})\)$/.exec(status);
  if (superseded) return { named: [{ number: superseded[1], date: superseded[2] }], own: [] };
  if (status === 'Accepted') return { named: [], own: [] };
  const amended = /^Accepted; (.+)$/.exec(status);
  if (!amended) return undefined;
  const named: { number: string; date: string }[] = [];
  const own: string[] = [];
  for (const item of amended[1].split(', ')) {
    const byAdr = /^(?:amended by |by )?(\d{3}) \((\d{4}-\d{2}-\d{2})\)$/.exec(item);
    const inItself = /^amended (\d{4}-\d{2}-\d{2}) \(below\)$/.exec(item);
    if (byAdr) named.push({ number: byAdr[1], date: byAdr[2] });
    else if (inItself) own.push(inItself[1]);
    else return undefined;
  }
  return { named, own };
}

describe('docs/decisions', () => {
  it('finds the ADRs', () => {
    expect(adrs.length).toBeGreaterThanOrEqual(40);
  });

  it.each(adrs.map((a) => [a.file, a] as const))('%s has its number in the title, a Date and a Status in the known forms', (_, adr) => {
    expect(adr.text.startsWith(`# ${adr.number} — `), 'the title starts with its number').toBe(true);
    expect(adr.date, 'a line "Date: YYYY-MM-DD · Status: …"').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(parseStatus(adr.status), `status "${adr.status}"`).toBeDefined();
  });

  it('lists every ADR in the index with its own status, and nothing else', () => {
    const rows = indexRows();
    expect(rows.map((r) => r.file).sort()).toEqual([...files].sort());
    for (const row of rows) {
      const adr = byNumber.get(row.number);
      expect(adr?.file, `row ${row.number} links to its file`).toBe(row.file);
      expect(row.status, `the status of ${row.file} in the index`).toBe(adr?.status);
    }
  });

  it('names only ADRs that exist, come later and carry the date given, as amending or superseding one', () => {
    for (const adr of adrs) {
      for (const { number, date } of parseStatus(adr.status)?.named ?? []) {
        const later = byNumber.get(number);
        expect(later, `${adr.file} names ADR ${number}`).toBeDefined();
        expect(Number(number), `${adr.file}: ${number} is a later ADR`).toBeGreaterThan(Number(adr.number));
        expect(later?.date, `${adr.file}: the date of ${number}`).toBe(date);
      }
    }
  });

  it('keeps an amendment written into an ADR at the date its status says', () => {
    for (const adr of adrs) {
      for (const date of parseStatus(adr.status)?.own ?? []) {
        expect(adr.text, `${adr.file} holds its amendment of ${date}`).toMatch(new RegExp(`amend(?:ed|ment)[ (]*${date}`, 'i'));
      }
    }
  });
});
