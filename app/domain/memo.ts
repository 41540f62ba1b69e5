/* Data derived from the shared, in-process-cached content (the bootstrap data, the channel's
 * shared answers) is the same for every request until that content is fetched again, when it
 * arrives as new objects. So it is worked out once per source object and kept beside it: a
 * WeakMap, dropped with the source. Only for pure functions of that one object: nothing that
 * reads the clock, the request or the visitor. */

import { deepFreeze } from './freeze';

/** `fn`, worked out once per `source` object. The result is frozen (every request gets the same
 *  value, so a caller that changed it would change it for all of them: it fails loudly instead). */
export function memoBySource<S extends object, R>(fn: (source: S) => R): (source: S) => R {
  const results = new WeakMap<S, R>();
  return (source) => {
    if (results.has(source)) return results.get(source)!;
    const result = deepFreeze(fn(source));
    results.set(source, result);
    return result;
  };
}
