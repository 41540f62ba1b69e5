import fs from 'node:fs';
import path from 'node:path';
import { PORT_FILE, startPostgres, stopPostgres } from './cluster/postgres.ts';

/* `npm run cluster:pg -- stop|start`: stops (fast mode) or starts the PostgreSQL of a running
 * `npm run start:cluster`, the rest going on (the fault tests' database outage, ADR 059). */

const dir = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'cluster');
const action = process.argv[2];
if (action !== 'stop' && action !== 'start') {
  console.error('usage: npm run cluster:pg -- stop|start');
  process.exit(2);
}
const portFile = path.join(dir, PORT_FILE);
const port = fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8')) : Number(process.env.CLUSTER_PG_PORT ?? 5433);
try {
  if (action === 'stop') stopPostgres({ dir, port });
  else await startPostgres({ dir, port });
  console.log(`cluster: PostgreSQL on 127.0.0.1:${port} ${action === 'stop' ? 'stopped' : 'started'}`);
} catch (error) {
  console.error(`cluster: ${(error as Error).message}`);
  process.exit(1);
}
