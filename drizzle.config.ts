import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the channel API's schema and applied at runtime (channel-api/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './channel-api/db/schema.ts',
  out: './channel-api/drizzle',
});
