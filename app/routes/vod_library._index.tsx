import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { Pagination } from '~/components/Pagination';
import { Rail } from '~/components/Rail';
import { VodTile } from '~/components/VodTile';
import { pageCount } from '~/domain/list-query';
import { pageMeta } from '~/domain/page-meta';
import { vodCardData, vodRailsData, type VodCardData } from '~/domain/vod-card';
import { VOD_PAGE_SIZE, isSearch, parseVodQuery, vodHref, vodSearchFor, type VodQuery } from '~/domain/vod-query';
import { requestContext } from '~/http/request-context.server';
import vodCss from '~/styles/vod.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: vodCss }];

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'On demand', 'Finished games and highlights to watch any time.');

export async function loader(args: LoaderFunctionArgs) {
  const query = parseVodQuery(new URL(args.request.url).searchParams);
  const searching = isSearch(query);
  const { channel } = requestContext(args);
  const [categories, results, rails, timeZone] = await Promise.all([
    channel.shared(api.vodMediaCategories).then((r) => r.data),
    searching ? channel.shared(api.vodMediaSearch, vodSearchFor(query)).then((r) => ({ items: r.data, total: r.meta.total })) : null,
    searching ? null : channel.shared(api.vodMediaRails).then((r) => r.data),
    channel.timeZone(),
  ]);
  return json({
    query,
    categories,
    results: results && { total: results.total, items: results.items.map((item) => vodCardData(item, timeZone)) },
    rails: vodRailsData(rails ?? [], timeZone),
  });
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
              <Link to={vodHref(query, { category: null, page: 1 })} aria-current={query.category ? undefined : 'page'}>
                All videos
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={vodHref(query, { category: c.id, page: 1 })} aria-current={c.id === query.category ? 'page' : undefined}>
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
  query: VodQuery;
  heading: string;
  total: number;
  items: VodCardData[];
};

function Results({ query, heading, total, items }: ResultsProps) {
  const pages = pageCount(total, VOD_PAGE_SIZE);
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
                <VodTile card={item} />
              </li>
            ))}
          </ul>
        </>
      )}
      {pages > 1 ? <Pagination page={query.page} pages={pages} hrefFor={(page) => vodHref(query, { page })} /> : null}
    </section>
  );
}
