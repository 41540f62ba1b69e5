import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component the server renders eagerly and the browser fetches when it first renders one.
 * `server` is the component as imported from a .server module: defined on the server, undefined
 * in the browser (the compiler empties .server modules there). Render it inside <Suspense>: while
 * its code loads during hydration, React keeps the server's HTML in place.
 */
export function onDemand<P extends object>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> | LazyExoticComponent<ComponentType<P>> {
  return server ?? lazy(() => load().then((component) => ({ default: component })));
}
