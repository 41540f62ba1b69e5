import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the channel API's schema and applied at runtime (channel-api/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './channel-api/db/schema.ts',
  out: './channel-api/drizzle',
});
