import { startCluster } from './cluster.ts';

/** The cluster for the whole run: started once, stopped as an operator's Ctrl-C stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const cluster = await startCluster();
  return () => cluster.stop();
}
