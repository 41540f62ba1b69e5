/* The channel API's tables, one module per side: the channel's content (channel, catalogue,
   pages, VOD, packages) and the fans' accounts (users, keys, orders…), which depend on the
   content and never the other way. Drizzle (drizzle.config.ts) and the repositories read them here. */
export * from './schema-content.ts';
export * from './schema-accounts.ts';
