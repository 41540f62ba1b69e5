import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/* A component whose code stays out of its page's first download (ADR 066): the watch page's clip
   forms bring conform and zod, about 100 kB of script a visitor's page never runs.

   - On the server the component renders in place: its module is loaded when this file is (the
     server build bundles it), and the lazy wrapper then resolves at once, so `renderToString`
     never suspends and the page carries the whole form, which works without JavaScript.
   - In the browser its chunk is fetched when the app first renders it. Inside a <Suspense>
     boundary, React's hydration keeps the server's HTML meanwhile (a plain form that still
     posts) and hydrates it once the chunk has arrived, in tasks of its own. Where the component
     is not rendered (a visitor's watch page) its chunk is never fetched.

   Render it inside a <Suspense> boundary, on the server and in the browser alike. */

/** A thenable that calls back at once: React.lazy reads it as already resolved. */
const resolved = <T>(value: T) => ({ then: (onFulfilled: (value: T) => void) => onFulfilled(value) });

export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  let loaded: ComponentType<P> | undefined;
  if (typeof document === 'undefined') {
    void load().then((component) => {
      loaded = component;
    });
  }
  return lazy(() =>
    loaded ? (resolved({ default: loaded }) as unknown as Promise<{ default: ComponentType<P> }>) : load().then((component) => ({ default: component })),
  );
}
