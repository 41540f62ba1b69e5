import type { QueueDefinition } from './job-queue.ts';
import { alertMailQueue, alertSweepQueue } from '../services/alerts.ts';
import { clipQueue } from '../services/clips.ts';

/* Every queue of the project, created (or updated) when the channel API starts: declare a queue
 * here with defineQueue (job-queue.ts) beside the service whose jobs it runs, and list it. */
export const projectQueues: readonly QueueDefinition<object>[] = [alertMailQueue, alertSweepQueue, clipQueue];
