import { useLoaderData } from '@remix-run/react';
import { WatchView } from '~/components/WatchView';
import type { loader } from './watch.$id';

// Same data, styles and title as /watch/:id; only the layout differs.
export { loader, meta } from './watch.$id';

/** Read by root: no header, footer or navigation around an embedded player. */
export const handle = { layout: 'plain' };

export default function WatchEmbedRoute() {
  const data = useLoaderData<typeof loader>();
  return <WatchView data={data} embed prerollPage={data.prerollPage} />;
}
