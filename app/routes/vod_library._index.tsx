import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import type { VodMediaItem } from '#contract/entities';
import { pageMeta } from '~/components/layout/meta';
import { requestContext } from '~/http/request-context.server';
import { Rail } from '~/components/Rail';
import { VodCard } from '~/components/VodCard';
import vodCss from '~/styles/vod.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: vodCss }];

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'On demand', 'Finished games and highlights to watch any time.');

/** Spec: vod-media/search defaults to 10 per page. */
const PAGE_SIZE = 10;

interface Query {
  title: string;
  category?: number;
  offset: number;
}

function readQuery(url: URL): Query {
  // Control characters are no part of a title: dropped, as any other bad value here.
  const title = [...(url.searchParams.get('title') ?? '')].filter((c) => c >= ' ' && c !== '\u007f').join('').trim().slice(0, 100);
  const category = Number(url.searchParams.get('category'));
  const offset = Number(url.searchParams.get('offset'));
  return {
    title,
    category: Number.isSafeInteger(category) && category > 0 ? category : undefined,
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset - (offset % PAGE_SIZE) : 0,
  };
}

/** The library's address with a changed query, keeping the rest. */
function href(q: Query, change: Partial<Query>): string {
  const next = { ...q, ...change };
  const params = new URLSearchParams();
  if (next.title) params.set('title', next.title);
  if (next.category) params.set('category', String(next.category));
  if (next.offset) params.set('offset', String(next.offset));
  const qs = params.toString();
  return qs ? `/vod_library?${qs}` : '/vod_library';
}

export async function loader(args: LoaderFunctionArgs) {
  const query = readQuery(new URL(args.request.url));
  const searching = query.title !== '' || query.category !== undefined;
  const { channel } = requestContext(args);
  const [categories, results, rails] = await Promise.all([
    channel.shared(api.vodMediaCategories).then((r) => r.data),
    searching
      ? channel.shared(api.vodMediaSearch, { ...query, limit: PAGE_SIZE }).then((r) => ({ items: r.data, total: r.meta.total }))
      : null,
    searching ? null : channel.shared(api.vodMediaRails).then((r) => r.data),
  ]);
  return json({ query, categories, results, rails: rails ?? [] });
}

export default function VodLibrary() {
  const { query, categories, results, rails } = useLoaderData<typeof loader>();
  const activeCategory = categories.find((c) => c.id === query.category);

  return (
    <div className="vod-library">
      <h1>On demand</h1>

      <Form method="get" action="/vod_library" role="search" aria-label="Search videos" className="vod-search">
        <label htmlFor="vod-title">Title</label>
        <input id="vod-title" name="title" type="search" defaultValue={query.title} maxLength={100} autoComplete="off" />
        {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
        <button type="submit">Search</button>
      </Form>

      {categories.length > 0 ? (
        <nav aria-label="Video categories" className="vod-categories">
          <ul>
            <li>
              <Link to={href(query, { category: undefined, offset: 0 })} aria-current={query.category ? undefined : 'page'}>
                All videos
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={href(query, { category: c.id, offset: 0 })} aria-current={c.id === query.category ? 'page' : undefined}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {results ? (
        <Results query={query} items={results.items} total={results.total} heading={resultsHeading(query.title, activeCategory?.name)} />
      ) : (
        rails.map((rail) => <Rail key={rail.id} rail={rail} autoScroll />)
      )}
    </div>
  );
}

function resultsHeading(title: string, category: string | undefined): string {
  if (title && category) return `Results for “${title}” in ${category}`;
  if (title) return `Results for “${title}”`;
  return category ?? 'Videos';
}

type ResultsProps = {
  query: Query;
  heading: string;
  total: number;
  items: VodMediaItem[];
};

function Results({ query, heading, total, items }: ResultsProps) {
  const page = Math.floor(query.offset / PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section aria-labelledby="vod-results-title" className="vod-results">
      <h2 id="vod-results-title">{heading}</h2>
      {items.length === 0 ? (
        <p>No videos match your search.</p>
      ) : (
        <>
          <p className="vod-count">{total === 1 ? '1 video' : `${total} videos`}</p>
          <ul className="vod-grid">
            {items.map((item) => (
              <li key={item.id}>
                <VodCard item={item} />
              </li>
            ))}
          </ul>
        </>
      )}
      {pages > 1 ? (
        <nav aria-label="Pagination" className="pagination">
          {page > 1 ? <Link to={href(query, { offset: query.offset - PAGE_SIZE })}>Previous page</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={href(query, { offset: query.offset + PAGE_SIZE })}>Next page</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
