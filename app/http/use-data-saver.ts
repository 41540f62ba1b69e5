import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/loaders/root.server';

/** Whether the data saver is on for this page, in a component (the rule: http/data-saver.ts,
 *  which the root loader applies; apart from it because the server's request listener imports the
 *  rule, not React). */
export function useDataSaver(): boolean {
  return useRouteLoaderData<typeof rootLoader>('root')?.dataSaver ?? false;
}
