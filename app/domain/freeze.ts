/* Freezing a value every request shares (the channel's shared answers, data worked out once per
 * source object: app/channel/shared.server.ts, memo.ts): a caller that changed it would change it
 * for every visitor, so it fails loudly instead. */

/** `value`, frozen through and through (objects and arrays inside it; a cycle is fine). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
