import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AgnosticRouteObject } from '@remix-run/router';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import remixConfig from '../../../remix.config.js';

/* Route matching on the server runs @remix-run/router with our memoising patch
   (patches/@remix-run+router+*.patch, docs/decisions/014). Node loads its CommonJS build, the one
   patched; the browser bundle uses the package's ES module build, left as published. So the
   published build is the reference: the patched one must answer exactly as it does, for the
   app's own route table and for any route table and path. */

type Router = typeof import('@remix-run/router');
const require = createRequire(import.meta.url);
const patched = require('@remix-run/router') as Router;
const upstream = (await import('@remix-run/router/dist/router.js' as string)) as Router;

/** A route as the matcher reads it. */
interface Route {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Route[];
}

/** What a match tells a caller: which routes, with which params and pathnames. */
const described = (router: Router, routes: Route[], pathname: string) =>
  router
    .matchRoutes(routes as AgnosticRouteObject[], pathname)
    ?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

/** The app's route table as Remix builds it from app/routes (the same rules and ignored files). */
function appRoutes(): Route[] {
  const { flatRoutes } = require('@remix-run/dev/dist/config/flat-routes.js') as {
    flatRoutes: (
      appDir: string,
      ignored: string[],
    ) => Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }>;
  };
  const manifest = flatRoutes(path.resolve('app'), remixConfig.ignoredRouteFiles ?? []);
  const children = (parentId: string): Route[] =>
    Object.values(manifest)
      .filter((r) => r.parentId === parentId)
      .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: r.index ? undefined : children(r.id) }));
  return [{ id: 'root', path: '', children: children('root') }];
}

describe('the installed router', () => {
  it('is the patched one (npm ci runs patch-package)', () => {
    expect(fs.readFileSync(require.resolve('@remix-run/router'), 'utf8')).toContain('Fieldhouse patch');
  });
});

describe("route matching of the app's pages", () => {
  const routes = appRoutes();
  const leaf = (pathname: string) => described(patched, routes, pathname)?.at(-1);

  const urls = [
    '/',
    '/watch/45',
    '/watch/45/',
    '/watch_embed/7',
    '/upcoming',
    '/vod',
    '/live',
    '/schedule',
    '/vod_library',
    '/vod_library/12',
    '/login',
    '/LOGIN',
    '/registration',
    '/logout',
    '/auth/google',
    '/auth/facebook/callback',
    '/profile',
    '/profile/transactions',
    '/profile/clips',
    '/profile/edit',
    '/data-saver',
    '/404',
    '/about',
    '/a-custom-page',
    '/some/deep/custom%20page',
    '/watch',
    '/watch/45/extra',
    '/watch/%E2%82%AC',
    '/vod_library/a%2Fb',
    '//double//slashes',
  ];

  it('finds the page every URL names, with its params, as the published router does', () => {
    expect(leaf('/')).toMatchObject({ id: 'routes/_index' });
    expect(leaf('/watch/45')).toMatchObject({ id: 'routes/watch.$id', params: { id: '45' } });
    expect(leaf('/vod_library/12')).toMatchObject({ id: 'routes/vod_library.$id', params: { id: '12' } });
    expect(leaf('/auth/facebook/callback')).toMatchObject({ id: 'routes/auth.$provider.callback', params: { provider: 'facebook' } });
    expect(leaf('/profile/edit')).toMatchObject({ id: 'routes/profile.edit' });
    expect(described(patched, routes, '/profile')?.map((m) => m.id)).toEqual(['root', 'routes/profile', 'routes/profile._index']);
    expect(leaf('/LOGIN')).toMatchObject({ id: 'routes/login' });
    expect(leaf('/some/deep/custom%20page')).toMatchObject({ id: 'routes/$', params: { '*': 'some/deep/custom page' } });
    expect(leaf('/watch/45/extra')).toMatchObject({ id: 'routes/$', params: { '*': 'watch/45/extra' } });
    // Twice: the second answer comes from what the first one kept.
    for (let round = 0; round < 2; round++) {
      for (const url of urls) expect(described(patched, routes, url), url).toEqual(described(upstream, routes, url));
    }
  });

  it('points at the route objects it was given, also for a new copy of the same table', () => {
    // Remix's server render builds a new route table of the same shape for every request.
    const copy = structuredClone(routes);
    const match = patched.matchRoutes(copy as AgnosticRouteObject[], '/watch/45')!;
    expect(match.at(-1)!.route).toBe(copy[0].children!.find((r) => r.id === 'routes/watch.$id'));
    expect(patched.matchRoutes(routes as AgnosticRouteObject[], '/watch/45')!.at(-1)!.route).toBe(routes[0].children!.find((r) => r.id === 'routes/watch.$id'));
  });

  it('sees routes added to or replaced in a table it has matched before (lazy route discovery)', () => {
    const table = structuredClone(routes);
    expect(leaf('/brand-new')?.id).toBe('routes/$');
    expect(described(patched, table, '/brand-new')!.at(-1)!.id).toBe('routes/$');
    table[0].children!.push({ id: 'routes/brand-new', path: 'brand-new' });
    expect(described(patched, table, '/brand-new')!.at(-1)!.id).toBe('routes/brand-new');
    const at = table[0].children!.findIndex((r) => r.id === 'routes/brand-new');
    const replacement = { id: 'routes/brand-new-2', path: 'brand-new' };
    table[0].children![at] = replacement;
    expect(patched.matchRoutes(table as AgnosticRouteObject[], '/brand-new')!.at(-1)!.route).toBe(replacement);
  });
});

describe('lazy route discovery (a partial match, then routes patched in)', () => {
  it('finds the partial match of a path that matched nothing before, and the patched route after', async () => {
    const table = (): Route[] => [{ id: 'root', path: '/', children: [{ id: 'a', path: 'a' }] }];
    expect(described(patched, table(), '/a/b')).toBeNull();
    const seen: string[][] = [];
    const router = patched
      .createRouter({
        routes: table() as AgnosticRouteObject[],
        history: patched.createMemoryHistory({ initialEntries: ['/'] }),
        patchRoutesOnNavigation: async ({ matches, patch }) => {
          seen.push(matches.map((m) => m.route.id!));
          patch('a', [{ id: 'b', path: 'b' }]);
        },
      })
      .initialize();
    await router.navigate('/a/b');
    expect(seen).toEqual([['root', 'a']]);
    expect(router.state.matches.map((m) => m.route.id)).toEqual(['root', 'a', 'b']);
    router.dispose();
  });
});

describe('route matching of any table', () => {
  const segment = fc.constantFrom('a', 'b', 'A', 'b-c', ':id', ':id?', ':x', 'c?', '*', '', 'a.b', 'é', '(x)');
  const routePath = fc.oneof(
    fc.constant(undefined),
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')),
    fc.array(segment, { minLength: 1, maxLength: 2 }).map((s) => `/${s.join('/')}`),
  );
  let next = 0;
  const tree: fc.Memo<Route[]> = fc.memo((depth) =>
    fc.array(
      fc
        .record({ path: routePath, index: fc.boolean(), caseSensitive: fc.boolean(), children: depth > 1 ? tree(depth - 1) : fc.constant<Route[]>([]) })
        .map(({ path: p, index, caseSensitive, children }) => ({ id: `r${next++}`, path: p, caseSensitive, ...(index ? { index: true } : { children }) })),
      { maxLength: 4 },
    ),
  );
  const pathname = fc.array(fc.constantFrom('a', 'b', 'A', 'b-c', 'x', '', 'a.b', 'é', '%C3%A9', '(x)', '..'), { maxLength: 4 }).map((s) => `/${s.join('/')}`);

  /** Tables that differ from `routes` in one thing that changes what matches. */
  const variants = (routes: Route[]): Route[][] => {
    const map = (table: Route[], edit: (r: Route) => Route): Route[] => table.map((r) => edit({ ...r, children: r.children && map(r.children, edit) }));
    return [
      structuredClone(routes),
      map(routes, (r) => ({ ...r, caseSensitive: !r.caseSensitive })),
      map(routes, (r) => ({ ...r, path: r.path?.replaceAll('a', 'A') })),
      map(routes, (r) => (r.index ? r : { ...r, children: r.children?.slice(1) })),
    ];
  };

  it('answers as the published router, again and again, and for tables that differ a little', () => {
    fc.assert(
      fc.property(tree(3), fc.array(pathname, { minLength: 1, maxLength: 6 }), (routes, pathnames) => {
        for (const table of [routes, ...variants(routes), routes]) {
          for (const p of pathnames) {
            let expected: unknown;
            try {
              expected = described(upstream, table, p);
            } catch (error) {
              // An invalid table (an absolute child path outside its parent) throws the same error.
              expect(() => described(patched, table, p)).toThrow((error as Error).message);
              continue;
            }
            expect(described(patched, table, p)).toEqual(expected);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('matches a pattern by its path, case sensitivity and end, each kept apart', () => {
    for (const router of [patched, upstream]) {
      expect(router.matchPath({ path: '/Login', caseSensitive: true, end: true }, '/login')).toBeNull();
      expect(router.matchPath({ path: '/Login', caseSensitive: false, end: true }, '/login')?.pathname).toBe('/login');
      expect(router.matchPath({ path: '/Login', caseSensitive: false, end: false }, '/login/more')?.pathnameBase).toBe('/login');
      expect(router.matchPath({ path: '/Login', caseSensitive: false, end: true }, '/login/more')).toBeNull();
    }
  });

  it('resolves links as the published router does', () => {
    const targets = ['/', '/upcoming?status=live', 'edit', '../clips', '..', '.', './a/./b', 'https://example.com/x', '#top', '?page=2', ''];
    const froms = ['/', '/profile', '/profile/', '/watch/45', '/a/b/c'];
    for (let round = 0; round < 2; round++) {
      for (const to of targets) for (const from of froms) expect(patched.resolvePath(to, from), `${to} from ${from}`).toEqual(upstream.resolvePath(to, from));
    }
  });
});
