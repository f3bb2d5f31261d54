// Starts the shop for the end-to-end tests. With TEST_DATABASE_URL (CI) it runs on a fresh PostgreSQL
// database (the scale setup); without it, on the embedded database like `npm start`. Either way the
// tests' operator steps run inside this server (TEST_OPS_ENDPOINT, decision 091).
import pg from 'pg';

// One database per e2e port, so test runs on other ports (other checkouts) do not drop it.
export const E2E_DATABASE = `tradein_e2e_${Number(process.env.PORT ?? 3210)}`;

if (process.env.TEST_DATABASE_URL) {
  const url = new URL(process.env.TEST_DATABASE_URL);
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`drop database if exists ${E2E_DATABASE} with (force)`);
  await admin.query(`create database ${E2E_DATABASE}`);
  await admin.end();
  url.pathname = `/${E2E_DATABASE}`;
  process.env.DATABASE_URL = url.href;
}
await import('./start.mjs');
