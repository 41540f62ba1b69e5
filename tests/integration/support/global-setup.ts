import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/* Runs once per vitest run, before any test file (vitest.config.ts: globalSetup). Names the
   directory of the run's seeded PGlite database (pglite-template.ts), made only if a test file
   needs it, and removes it at the end. */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-pglite-template-'));
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
