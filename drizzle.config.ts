import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new SQL migration from the schema, one file per domain in
// server/db/schema/ (PostgreSQL dialect, one schema for PGlite and PostgreSQL; money in integer
// cents); the server applies pending migrations when it opens the database (server/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema',
  out: './server/db/migrations',
});
