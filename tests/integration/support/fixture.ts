import { afterAll, beforeAll } from 'vitest';

/* The one way an integration test file starts what its tests use (a channel API, a shop, a media
   server, a temp data dir): the file's fixture. Lint refuses beforeAll and afterAll in the test
   files themselves (eslint.config.js), so every start is closed after the last test, even when
   the arranging after it fails. */

interface FixtureOptions<T> {
  /** After the start, before the first test: looks up what the tests read (ids, a visitor's key)
   *  and keeps it in the file's own variables. What was started is closed even if this throws. */
  arrange?: (started: T) => Promise<void>;
  /** How long the start and arrange may take (ms; vitest's hookTimeout otherwise). */
  timeout?: number;
}

/** What a test file starts before its first test and closes after its last (beforeAll and
 *  afterAll; called inside a describe, before and after that block's tests), destructured at the
 *  top of the file: `const { http, acc } = forThisFile(() => startShop(…))`. Each destructured
 *  part is a stand-in that reaches the started one when a test uses it; `file.x` read in a test
 *  is the started value itself. */
export function forThisFile<T extends { close(): Promise<void> }>(start: () => Promise<T>, { arrange, timeout }: FixtureOptions<T> = {}): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    await arrange?.(started);
  }, timeout);
  afterAll(() => started?.close());
  const part = (key: string | symbol) =>
    new Proxy(
      {},
      {
        get(_, prop) {
          if (!started) throw new Error(`${String(key)} is used before beforeAll started it`);
          const target = Reflect.get(started, key) as object;
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      },
    );
  return new Proxy({} as T, { get: (_, key) => (started ? Reflect.get(started, key) : part(key)) });
}
