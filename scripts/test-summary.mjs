// Adds up the JSON reports of the test runs (vitest, vitest on PostgreSQL, Playwright, the cluster's) into one
// closing line: "tests: N passed, N failed, N skipped".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.cache/test-results';
const read = (name) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  } catch {
    return null;
  }
};

const rows = [];
for (const [label, file] of [
  ['vitest (PGlite)', 'vitest.json'],
  ['vitest (PostgreSQL)', 'vitest-postgres.json'],
]) {
  const r = read(file);
  if (!r) {
    rows.push([label, null]);
    continue;
  }
  rows.push([label, { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests + r.numTodoTests }]);
}
const PLAYWRIGHT = [
  ['playwright', 'playwright.json'],
  ['playwright (cluster)', 'playwright-cluster.json'],
];
for (const [label, file] of PLAYWRIGHT) {
  const pw = read(file);
  rows.push([label, pw && { passed: pw.stats.expected + pw.stats.flaky, failed: pw.stats.unexpected, skipped: pw.stats.skipped }]);
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const [label, r] of rows) {
  if (!r) {
    console.log(`${label.padEnd(22)} no report`);
    continue;
  }
  console.log(`${label.padEnd(22)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
  for (const k of Object.keys(total)) total[k] += r[k];
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);

// Every failed test by name with its first error line, so the tail of a CI log says what broke.
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (m) =>
  String(m ?? '')
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
const failures = [];
for (const [label, file] of [
  ['vitest (PGlite)', 'vitest.json'],
  ['vitest (PostgreSQL)', 'vitest-postgres.json'],
]) {
  const r = read(file);
  for (const suite of r?.testResults ?? []) {
    const rel = path.relative(process.cwd(), suite.name ?? '');
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((a) => a.status === 'failed')) {
      failures.push(`${label}: ${rel}: ${firstLine(suite.message)}`);
    }
    for (const a of suite.assertionResults ?? []) {
      if (a.status === 'failed') failures.push(`${label}: ${rel} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    }
  }
}
/** Every test of a Playwright report's suite, nested suites included, with its spec. */
function* testsOf(suite) {
  for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) yield { spec, t };
  for (const s of suite.suites ?? []) yield* testsOf(s);
}
const walk = (suite, file) => {
  for (const { spec, t } of testsOf(suite)) {
    const bad = (t.results ?? []).find((x) => x.status === 'failed' || x.status === 'timedOut');
    if (t.status === 'unexpected' && bad) {
      failures.push(`playwright [${t.projectName}]: ${file} > ${spec.title}: ${firstLine(bad.error?.message ?? bad.status)}`);
    }
  }
};
for (const [, file] of PLAYWRIGHT) for (const s of read(file)?.suites ?? []) walk(s, s.file);
if (failures.length) {
  console.log('\nFailed tests:');
  for (const f of failures) console.log(`  - ${f.slice(0, 400)}`);
}

// Where the end-to-end time goes: the Playwright files taking the most worker time (the sum of
// their tests' durations, hooks included, every project), so a slow CI run says what to look at.
const spent = new Map();
const add = (suite, file) => {
  for (const { t } of testsOf(suite)) for (const r of t.results ?? []) spent.set(file, (spent.get(file) ?? 0) + (r.duration ?? 0));
};
for (const s of read('playwright.json')?.suites ?? []) add(s, s.file);
if (spent.size) {
  const all = [...spent.values()].reduce((a, b) => a + b, 0);
  console.log(`\nPlaywright worker time: ${Math.round(all / 1000)} s in all; the slowest files:`);
  for (const [file, ms] of [...spent].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${String(Math.round(ms / 1000)).padStart(5)} s  ${file}`);
}
