import { asc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The channel's own order for a list (menus, pages, categories, products, rails): by weight,
 *  then by id so equal weights keep a stable order. Use as `.orderBy(...channelOrder(table))`. */
export function channelOrder(table: { weight: AnyPgColumn; id: AnyPgColumn }): [SQL, SQL] {
  return [asc(table.weight), asc(table.id)];
}
