// Server settings from the environment, validated once at start; every setting has an embedded default.

import { existsSync } from 'node:fs';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { parsePublicOrigins, PublicOriginsError } from './origins';

/** Origins separated by commas or spaces (a list of sites that may frame a widget host). */
function parseOrigins(name: string, value: string, ctx: z.RefinementCtx): string[] | typeof z.NEVER {
  const origins = value.split(/[\s,]+/).filter((origin) => origin !== '');
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s;']+$/.test(origin)) {
      ctx.addIssue({ code: 'custom', message: `${name}: ${origin} is not an origin such as https://partner.example` });
      return z.NEVER;
    }
  }
  return origins;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL for scale; without it the embedded PGlite in DATA_DIR/db is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /** Where embedded data lives (database, mail outbox); default ./var. */
  DATA_DIR: z.string().min(1).optional(),
  /** Elasticsearch to forward catalogue searches to; without it the in-process engine answers. */
  SEARCH_URL: z.string().url('SEARCH_URL must be a URL such as http://127.0.0.1:9200').optional(),
  /** Basic authorisation `user:password` required by POST /searches (development, product §7). */
  SEARCH_BASIC_AUTH: z
    .string()
    .regex(/^[^:]+:.+$/, 'SEARCH_BASIC_AUTH must look like user:password')
    .optional(),
  /** SMTP server for mail; without it mail is written as .eml files to DATA_DIR/mail (the outbox). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, 'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com')
    .optional(),
  /**
   * STARTTLS on an `smtp://` SMTP_URL: `opportunistic` (default) upgrades when the server offers it,
   * `required` refuses to send without it, `off` never upgrades. An `smtps://` URL is TLS from the start.
   */
  SMTP_STARTTLS: z.enum(['opportunistic', 'required', 'off']).default('opportunistic'),
  /** A PEM file of the certificate authorities SMTP TLS trusts (a private CA); default: the system's. */
  SMTP_CA_FILE: z
    .string()
    .min(1)
    .refine((path) => existsSync(path), 'SMTP_CA_FILE must name a readable PEM file')
    .optional(),
  /** Bearer token that opens /metrics (Prometheus) in production; without it /metrics answers 404 there. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** `1` serves the API documentation (/api/docs, /api/openapi.json) in production too. */
  API_DOCS: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  /**
   * Where the mail worker runs (decision 054): `inline` (default) inside the server; `off` when it runs
   * as its own process (`npm run worker`, PostgreSQL only). Mail is written to the outbox either way.
   */
  MAIL_WORKER: z.enum(['inline', 'off']).default('inline'),
  /**
   * Each shop's public origin for absolute links in mail: `de=https://www.tradein.de,fr=https://www.tradein.fr,…`
   * (locales default, de, at, es, fr, it). A shop left out links to http://<locale>.localhost:<PORT>
   * (http://localhost:<PORT> for default), which suits local development only. `staff=https://staff.tradein.com`
   * is the back office's own host (decision 071; default http://staff.localhost:<PORT>).
   */
  PUBLIC_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      try {
        return parsePublicOrigins(value);
      } catch (error) {
        if (!(error instanceof PublicOriginsError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  /** Secret for the label links' HMAC; without it one is generated once into DATA_DIR/secrets/label-secret. */
  LABEL_SECRET: z.string().min(32, 'LABEL_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  /**
   * Secret for signing the customers' access tokens (HS256); without it one is generated once into
   * DATA_DIR/secrets/auth-secret. Servers of one deployment must share it.
   */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  /**
   * Secret of the newsletter's e-mail hashes (unsubscribe and enrich links) and confirmation links;
   * without it one is generated once into DATA_DIR/secrets/newsletter-secret. Changing it breaks the
   * unsubscribe links of every mail already sent.
   */
  NEWSLETTER_SECRET: z.string().min(32, 'NEWSLETTER_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  /** Secret for the contact form tickets' HMAC; without it one is generated once into DATA_DIR/secrets/contact-secret. */
  CONTACT_SECRET: z.string().min(32, 'CONTACT_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  /** Days the seller has to answer a clarification, from the inspection (decision 022); default 14. */
  CLARIFICATION_DAYS: z.coerce.number().min(0).max(90).default(14),
  /** Days before a scheduled price drop that sellers holding a saved or shared offer of the device are warned (issue 18); default 3. */
  PRICE_WARNING_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  /** Minutes without a request after which a back-office session ends (decision 071); default 30. */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(5).max(240).default(30),
  /**
   * The company's account that SEPA payout batches debit (issue 29, decision 074): the holder's name,
   * the IBAN and optionally the BIC. The defaults are a test account for local use only; a bank refuses
   * a file that debits an account that is not the company's, so production sets all of them.
   */
  PAYOUT_DEBTOR_NAME: z.string().trim().min(1).max(70).default('trade-in test account'),
  PAYOUT_DEBTOR_IBAN: z
    .string()
    .transform((iban) => iban.replace(/\s+/g, '').toUpperCase())
    .refine((iban) => isValidIBAN(iban), 'PAYOUT_DEBTOR_IBAN must be a valid IBAN')
    .default('DE02120300000000202051'),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .transform((bic) => bic.replace(/\s+/g, '').toUpperCase())
    .refine((bic) => bic === '' || isValidBIC(bic), 'PAYOUT_DEBTOR_BIC must be a BIC of 8 or 11 characters, or empty')
    .default(''),
  /** Redis for the account rate limits shared by several servers; without it each server counts in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379')
    .optional(),
  /**
   * Behind a reverse proxy: which X-Forwarded-For hops to trust, so rate limits count the real client
   * address. `true` (every hop), a hop count such as `1`, or addresses/CIDRs `10.0.0.0/8,127.0.0.1`.
   * Unset: the connecting address counts (right when clients connect directly).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | number | string | undefined => {
      if (value === undefined || value.trim() === '' || value === 'false') return undefined;
      if (value === 'true') return true;
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
  /**
   * Sites that may show the partner widget hosts (b2bwidget.) in a frame: origins separated by commas
   * or spaces, e.g. `https://partner.example,https://shop.example`. Without any no site may frame
   * them (decision 034); no site may frame any other page.
   */
  WIDGET_FRAME_ANCESTORS: z
    .string()
    .optional()
    .transform((value, ctx): string[] => parseOrigins('WIDGET_FRAME_ANCESTORS', value ?? '', ctx)),
  /** The same for the sister brand's widget hosts (aganwidget.); unset: WIDGET_FRAME_ANCESTORS applies. */
  AGANWIDGET_FRAME_ANCESTORS: z
    .string()
    .optional()
    .transform((value, ctx): string[] | undefined =>
      value === undefined ? undefined : parseOrigins('AGANWIDGET_FRAME_ANCESTORS', value, ctx),
    ),
  /** 1 serves the developer mailbox (/dev/mailbox) in production mode too; development and test always do. */
  DEV_MAILBOX: z
    .enum(['0', '1', 'true', 'false'], 'DEV_MAILBOX must be 1 or 0')
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  /**
   * 1 runs operator commands through POST /__test/ops, for the end-to-end tests on the embedded
   * database, which one process owns (decision 091). Only from this machine (loopback), and never
   * with PUBLIC_ORIGINS set (a shop on the internet). Off unless set.
   */
  TEST_OPS_ENDPOINT: z
    .enum(['0', '1'], 'TEST_OPS_ENDPOINT must be 1 or 0')
    .optional()
    .transform((value) => value === '1'),
});

export type ServerConfig = z.infer<typeof EnvSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid server configuration: ${problems}`);
  }
  if (parsed.data.TEST_OPS_ENDPOINT && parsed.data.PUBLIC_ORIGINS)
    throw new Error('invalid server configuration: TEST_OPS_ENDPOINT is for the tests on this machine, not a shop with PUBLIC_ORIGINS');
  return parsed.data;
}
