import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { normalisePagePath, paragraphs } from '~/domain/channel-text';
import { pageMeta } from '~/domain/page-meta';
import { notFound } from '~/http/not-found.server';
import { requestContext } from '~/http/request-context.server';

/* Any other path: one of the channel's custom pages (path = page url), else /404 (spec section 2). */
export async function loader(args: LoaderFunctionArgs) {
  const { params } = args;
  const path = normalisePagePath(params['*'] ?? '');
  const { channel } = requestContext(args);
  const boot = await channel.bootstrap();
  const match = path ? boot.pages.find((p) => normalisePagePath(p.url) === path) : undefined;
  if (!match) throw notFound();
  const { data: page } = await channel.shared(api.page, { id: match.id });
  return json({ page });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.page.name ?? 'Page', (data ? paragraphs(data.page.body)[0]?.slice(0, 160) : undefined) || 'A page of this channel.');

export default function CustomPage() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow prose">
      <h1>{page.name}</h1>
      {paragraphs(page.body).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
