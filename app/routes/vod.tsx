/* Alias of /upcoming (spec section 2: all four show the same list). */
export { loader, meta, default } from './upcoming';
