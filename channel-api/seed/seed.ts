import { demoChannel } from './demo-channel.ts';
import { loadChannel } from './load.ts';
import type { Db } from '../db/client.ts';

/** Seeds the demo channel when the database holds no channel yet (first start). */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return (await loadChannel(db, demoChannel(), { onlyIfEmpty: true })) !== null;
}
