/* Bounds every endpoint shares (issue 7: no input reaches a 500), as plain numbers: the schemas that
   use them are in ./http.ts. Kept apart from zod so a page's script can use them without it. */

/** PostgreSQL `integer`: ids, filters, counts. */
export const INT4_MAX = 2_147_483_647;
/** The last second of 9999-12-31: epoch seconds a PostgreSQL timestamp (and a fan) can mean. */
export const EPOCH_SECONDS_MAX = 253_402_300_799;
