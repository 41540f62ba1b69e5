/** On the first SIGTERM or SIGINT, runs `close` and exits 0 when it finishes, 1 when it fails
 *  (the channel API's and the worker's processes: main.ts, worker.ts). */
export function stopOnSignals(name: string, close: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${name}: ${signal}: stopping`);
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`${name}: error while closing`, error);
          process.exit(1);
        },
      );
    });
  }
}
