import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slow-first-sequencer.ts';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${fileURLToPath(new URL('./app', import.meta.url))}/` },
      { find: /^#contract$/, replacement: fileURLToPath(new URL('./contract/index.ts', import.meta.url)) },
      // Browser code imports one contract file (#contract/auth), not the whole index.
      { find: /^#contract\/(.*)$/, replacement: `${fileURLToPath(new URL('./contract', import.meta.url))}/$1` },
    ],
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Names the seeded PGlite database the integration tests copy (tests/integration/support/pglite-template.ts).
    globalSetup: ['tests/integration/support/global-setup.ts'],
    pool: 'forks',
    // A worker runs its test files one after another on the modules it has loaded instead of a
    // fresh module graph per file: importing the web app or the channel API again for each of
    // 126 files cost more CPU than the tests themselves (measured: unit files 100 → 23 CPU-s,
    // integration files ~45% less). Each integration file still starts its own channel API on its
    // own database; a file that sets environment variables a module reads at import calls
    // vi.resetModules() and puts them back (tests/unit/app/http/request-context.server.test.ts).
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The integration
    // files wait on processes, ffmpeg and sockets much of the time; two at once use both cores.
    maxWorkers: 2,
    // The files whose set-up is slowest start first (tests/support/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
  },
});
