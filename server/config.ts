// Server settings from the environment, validated once at start; every setting has an embedded default.

import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL for scale; without it the embedded PGlite in DATA_DIR/db is used. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  /** Where embedded data lives (database, mail outbox); default ./var. */
  DATA_DIR: z.string().min(1).optional(),
  /** Elasticsearch to forward catalogue searches to; without it the in-process engine answers. */
  SEARCH_URL: z.string().url('SEARCH_URL must be a URL such as http://127.0.0.1:9200').optional(),
  /** Basic authorisation `user:password` required by POST /searches (development, spec §7). */
  SEARCH_BASIC_AUTH: z.string().regex(/^[^:]+:.+$/, 'SEARCH_BASIC_AUTH must look like user:password').optional(),
});

export type ServerConfig = z.infer<typeof EnvSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid server configuration: ${problems}`);
  }
  return parsed.data;
}
