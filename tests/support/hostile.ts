/* Hostile values for the fuzz suites, as fast-check arbitraries: what an attacker types into a
   field, a query string or a parameter name. Each class is named so a failing case says which. */
import fc from 'fast-check';

/** Numbers beyond what a PostgreSQL int4, a JS safe integer or a float can hold, and non-numbers
 *  that parsers read as numbers. */
export const OUT_OF_RANGE = [
  '2147483648',
  '-2147483649',
  '9007199254740991',
  '9007199254740993',
  '99999999999999999999',
  '1e400',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1e3',
  ' 1 ',
  '1.5',
  '',
];

/** Built-in object property names, as parameter names. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__', 'isPrototypeOf'];

/** Nested and bracketed spellings that query and form parsers may turn into objects. */
export const NESTED_KEYS = ['__proto__[polluted]', 'constructor[prototype][polluted]', 'a[b]', 'a[]', 'a.b', '[]', ''];

export const CONTROL = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ufeff',
);

/** A string made to hurt: NUL and control characters, non-Latin-1 and lone surrogates, markup,
 *  SQL, traversal, very long, or a number out of range. */
export function hostileString(maxLength = 20_000): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.tuple(fc.string({ maxLength: 8 }), CONTROL, fc.string({ maxLength: 8 })).map(([a, c, b]) => `${a}${c}${b}`), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
    { arbitrary: fc.constantFrom('\ud800', '\udfff', 'a\ud83d', '😀', 'é', '€', '\u202e', 'ア'), weight: 1 },
    { arbitrary: fc.constantFrom(...OUT_OF_RANGE), weight: 2 },
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        "' OR 1=1 --",
        '"; DROP TABLE users; --',
        '<script>alert(1)</script>',
        '../../etc/passwd',
        '%00',
        '%2e%2e%2f',
        '${7*7}',
        '{{7*7}}',
      ),
      weight: 1,
    },
    { arbitrary: fc.integer({ min: Math.min(256, maxLength), max: maxLength }).map((n) => 'a'.repeat(n)), weight: 1 },
  );
}
