// The server's backing services, from configuration: the database (PGlite or PostgreSQL), the seed
// catalogue imported on first start (and whenever it changed), the in-memory catalogue and search,
// shipping (labels, mail) and the accounts (token secret, rate limiter), which send their mail with it.

import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountServices } from './accounts/services';
import type { ApiServices } from './app';
import { MemoryRateLimiter } from './http/rate-limit';
import type { ContactServices } from './contact/services';
import { loadSecret } from './platform/secrets';
import { createAccountServices, type AccountConfig } from './accounts/setup';
import { FallbackSearch } from './catalogue/search-fallback';
import { LocalSearch, type SearchBackend } from './catalogue/search-service';
import { CatalogueStore } from './catalogue/store';
import type { ServerConfig } from './platform/config';
import { staffOrigin } from './platform/origins';
import type { StaffServices } from './staff/plugin';
import { registerInstance } from './db/instances';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/client';
import { createShippingServices, type ShippingConfig, type ShippingServices } from './shipping';
import { DATABASE_TEMPLATE_DIR, DEFAULT_DATA_DIR } from './platform/paths';
import { importSeedData } from './seed-data';
import { loadNewsletterSigner, type NewsletterSigner } from './newsletter/signing';

export interface Runtime {
  readonly database: DatabaseHandle;
  readonly store: CatalogueStore;
  readonly search: SearchBackend;
  /** Label links and mail (outbox or SMTP); present when createRuntime got the shipping settings. */
  readonly shipping?: ShippingServices;
  /** Accounts and customer data; present when createRuntime got the shipping and account settings. */
  readonly accounts?: AccountServices;
  /** The newsletter's signer; present with the accounts. */
  readonly newsletter?: NewsletterSigner;
  /** The contact form; present with the shipping settings (it mails through them). */
  readonly contact?: ContactServices;
  close(): Promise<void>;
}

/** The services `buildApp` serves the API with, from a runtime. */
export function apiServicesOf(
  runtime: Runtime,
  extra: Pick<ApiServices, 'searchBasicAuth' | 'upcomingPrices' | 'staff'> = {},
): ApiServices {
  return {
    db: runtime.database.db,
    store: runtime.store,
    search: runtime.search,
    ...(runtime.shipping && { shipping: runtime.shipping }),
    ...(runtime.accounts && { accounts: runtime.accounts }),
    ...(runtime.newsletter && { newsletter: runtime.newsletter }),
    ...(runtime.contact && { contact: runtime.contact }),
    ...(runtime.database.poolStats && { poolStats: runtime.database.poolStats }),
    ...extra,
  };
}

/** The back office's settings (decision 071): its origin (PUBLIC_ORIGINS `staff=`, else the local one), idle timeout and the payouts' debtor account. */
export function staffServicesOf(
  config: Pick<
    ServerConfig,
    'PUBLIC_ORIGINS' | 'PORT' | 'STAFF_IDLE_MINUTES' | 'PAYOUT_DEBTOR_NAME' | 'PAYOUT_DEBTOR_IBAN' | 'PAYOUT_DEBTOR_BIC'
  >,
): StaffServices {
  return {
    origin: staffOrigin(config.PUBLIC_ORIGINS ?? {}, config.PORT),
    sessions: { idleMinutes: config.STAFF_IDLE_MINUTES },
    payoutDebtor: payoutDebtorOf(config),
  };
}

/** The company's account SEPA payout batches debit (decision 074). */
export const payoutDebtorOf = (config: Pick<ServerConfig, 'PAYOUT_DEBTOR_NAME' | 'PAYOUT_DEBTOR_IBAN' | 'PAYOUT_DEBTOR_BIC'>) => ({
  name: config.PAYOUT_DEBTOR_NAME,
  iban: config.PAYOUT_DEBTOR_IBAN,
  bic: config.PAYOUT_DEBTOR_BIC,
});

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function databaseTarget(config: Pick<ServerConfig, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseTarget {
  if (config.DATABASE_URL) return { kind: 'postgres', url: config.DATABASE_URL };
  return { kind: 'pglite', dataDir: join(config.DATA_DIR ?? DEFAULT_DATA_DIR, 'db'), template: DATABASE_TEMPLATE_DIR };
}

export async function createRuntime(
  target: DatabaseTarget,
  options: { searchUrl?: string; shipping?: ShippingConfig; accounts?: AccountConfig & Pick<ServerConfig, 'NEWSLETTER_SECRET'> } = {},
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Promise<Runtime> {
  const started = performance.now();
  const database = await openDatabase(target);
  try {
    const imported = await importSeedData(database.db);
    const store = await CatalogueStore.load(database.db);
    // Claims of a process that is gone are released at once (the embedded database has one process only).
    const instance = await registerInstance(database.db, { alone: database.kind === 'pglite' });
    // The Elasticsearch client loads only when it is used (it costs start-up time otherwise).
    // With SEARCH_URL the embedded engine answers whatever Elasticsearch cannot (decision 082).
    const search = options.searchUrl
      ? new FallbackSearch(
          new (await import('./catalogue/search-remote')).RemoteSearch(options.searchUrl),
          new LocalSearch(store),
          (error) => log?.error({ err: error }, 'Elasticsearch failed: searching the embedded engine instead'),
        )
      : new LocalSearch(store);
    const shipping = options.shipping
      ? await createShippingServices(options.shipping, { db: database.db, log: log ?? silentLog })
      : undefined;
    const accounts = shipping && options.accounts ? await createAccountServices(options.accounts, shipping, log) : undefined;
    const newsletter =
      accounts &&
      (await loadNewsletterSigner({
        fromEnv: options.accounts?.NEWSLETTER_SECRET,
        dataDir: options.accounts?.DATA_DIR ?? DEFAULT_DATA_DIR,
      }));
    const contact: ContactServices | undefined = shipping && {
      mailer: shipping.mailer,
      // The accounts' counter (Redis with REDIS_URL) when there is one; the keys differ.
      limiter: accounts?.limiter ?? new MemoryRateLimiter(),
      ticketSecret: await loadSecret({
        fromEnv: options.shipping?.CONTACT_SECRET,
        dataDir: options.shipping?.DATA_DIR ?? DEFAULT_DATA_DIR,
        file: 'secrets/contact-secret',
      }),
    };
    // Mail written before this start (a crash, the ops CLI, a retry) goes out now.
    shipping?.mailQueue?.worker?.start();
    log?.info(
      {
        database: database.kind,
        catalogueImported: imported.imported,
        devices: store.catalogue.devices.length,
        search: options.searchUrl ? 'elasticsearch' : 'embedded',
        ...(shipping && { mail: shipping.outbox ? 'outbox' : 'smtp', devMailbox: shipping.devMailbox }),
        ...(accounts && { accounts: true, rateLimits: options.accounts?.REDIS_URL ? 'redis' : 'memory' }),
        readyMs: Math.round(performance.now() - started),
      },
      'backing services ready',
    );
    const close = async () => {
      // Registrations and reset requests answered but not yet done, then what they mail.
      await accounts?.afterAnswer?.drain();
      await accounts?.limiter.close?.();
      await shipping?.mailer.close?.();
      await instance.stop().catch(() => undefined);
      await database.close();
    };
    return {
      database,
      store,
      search,
      ...(shipping && { shipping }),
      ...(accounts && { accounts }),
      ...(newsletter && { newsletter }),
      ...(contact && { contact }),
      close,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
