/* What no answer of ours may carry, whatever it was asked: shared by the fuzz suites of both
   sides (tests/e2e/fuzz, tests/integration/channel-api/fuzz.test.ts). */

const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\bat (?:async )?[\w$.<>]+ \((?:file:\/\/|\/)[^)]*:\d+:\d+\)|^\s+at .+:\d+:\d+$/m],
  ['a server path', new RegExp(`/node_modules/|file:///|${process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)],
  [
    'an SQL error',
    /syntax error at or near|SQLSTATE|invalid byte sequence|out of range for type|violates (?:not-null|unique|foreign key|check) constraint|relation "[^"]+" does not exist|PostgresError|pglite|drizzle/i,
  ],
  ['an error name', /\b(?:TypeError|RangeError|SyntaxError|ReferenceError|ZodError)\b/],
];

/** The leaks found in an answer's body (empty: clean). */
export function cleanBody(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(([what, pattern]) => `${what}: …${(pattern.exec(body)?.[0] ?? '').slice(0, 120)}…`);
}
