import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, type Endpoint } from '../../../contract/index.ts';

/* One word and one home per call (docs/glossary.md): each call's name in `api` is the name it
   declares, and the contract file that declares it is named as the channel API's route file that
   mounts it (contract/clips.ts ↔ channel-api/routes/clips.ts). */

const root = path.resolve(import.meta.dirname, '../../..');
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

async function declaredIn(): Promise<Map<string, string>> {
  const byEndpoint = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(root, 'contract')).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    const module = (await import(path.join(root, 'contract', file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isEndpoint(value)) byEndpoint.set(value.name, file.replace(/\.ts$/, ''));
  }
  return byEndpoint;
}

const mountedIn = (area: string): string[] => {
  const file = path.join(root, 'channel-api', 'routes', `${area}.ts`);
  return fs.existsSync(file) ? [...fs.readFileSync(file, 'utf8').matchAll(/mount\(router, deps, api\.(\w+)/g)].map((m) => m[1]) : [];
};

describe('the contract', () => {
  it('names every call as the call names itself', () => {
    for (const [key, endpoint] of Object.entries(api)) expect(endpoint.name, key).toBe(key);
  });

  it('declares each call in the file named as the route file that mounts it, and that file mounts each call its contract file declares', async () => {
    const declared = await declaredIn();
    expect([...declared.keys()].sort()).toEqual(Object.keys(api).sort());
    const areas = new Set(declared.values());
    for (const area of areas) {
      const inContract = [...declared].filter(([, a]) => a === area).map(([name]) => name);
      expect(mountedIn(area).sort(), `channel-api/routes/${area}.ts mounts what contract/${area}.ts declares`).toEqual(inContract.sort());
    }
    const routeFiles = fs.readdirSync(path.join(root, 'channel-api', 'routes')).map((f) => f.replace(/\.ts$/, ''));
    expect(routeFiles.sort()).toEqual([...areas].sort());
  });
});
