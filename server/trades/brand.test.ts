// A trade remembers the shop mode it was sold in (decision 033), on PGlite and (when TEST_DATABASE_URL
// is set) PostgreSQL: sold on agan.localhost it stores mode 'agan' and agan's landing page code, its
// confirmation mail comes from agan with agan's label link, and its label PDF is agan's; on the
// partner widget host it stores 'b2bWidget' and the B2B landing page code.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryConfig } from '../../src/config/countries';
import { createClarificationLinks } from '../clarifications/links';
import type { DatabaseHandle } from '../db/client';
import { trades } from '../db/schema/trades';
import { findLabelData } from '../labels/repository';
import { createLabelLinks } from '../labels/links';
import type { MailMessage } from '../mail/mailer';
import { publicOriginResolver } from '../platform/origins';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { createReviewLinks } from '../reviews/links';
import { createCertificateLinks, createTradeLinks } from './links';

const BEST = { 1: 11, 2: 21, 3: 31 };
const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' };

describe.each(testDatabases())('the brand of a trade on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const mails: MailMessage[] = [];

  beforeAll(async () => {
    handle = await database.open();
    const shipping = {
      labels: createLabelLinks('a-label-secret-for-the-tests'),
      clarifications: createClarificationLinks('a-label-secret-for-the-tests'),
      reviews: createReviewLinks('a-label-secret-for-the-tests'),
      trades: createTradeLinks('a-label-secret-for-the-tests'),
      certificates: createCertificateLinks('a-label-secret-for-the-tests'),
      mailer: { send: async (message: MailMessage) => void mails.push(message) },
      publicOrigin: publicOriginResolver({ de: 'https://www.tradein.de', agan: 'https://www.agan.de' }, 3000),
      devMailbox: false,
    };
    app = await testApp({ ...(await fixtureServices(handle.db)), shipping });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const sell = async (host: string) => {
    const offer = await app.inject({ method: 'POST', url: '/api/offers', payload: { deviceId: 1300, answers: BEST }, headers: { host } });
    expect(offer.statusCode).toBe(201);
    const email = `seller-${randomUUID()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/trades',
      headers: { host, 'idempotency-key': randomUUID() },
      payload: {
        offerIds: [offer.json().offerId],
        identity: { kind: 'guest', email },
        address: ADDRESS,
        payout: { method: 'paypal', email: 'erika.paypal@example.com' },
        termsAccepted: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const tradeId: string = res.json().tradeId;
    const [row] = await handle.db.select().from(trades).where(eq(trades.id, tradeId));
    return { tradeId, row: row!, mail: mails.find((m) => m.to.address === email)! };
  };

  it('sold on agan: stored as agan with its landing page code; mail and label are agan’s', async () => {
    const { tradeId, row, mail } = await sell('agan.localhost');
    expect(row).toMatchObject({ shopMode: 'agan', landingPage: countryConfig('de').landingPageAgan });
    expect(mail.from).toEqual({ name: 'agan Kundenservice', address: 'service@agan.de' });
    expect(mail.text).toContain(`https://www.agan.de/api/trades/${tradeId}/label.pdf`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/trade-?in/i);
    expect(await findLabelData(handle.db, tradeId)).toMatchObject({ brand: 'agan', locale: 'de' });
  });

  it('sold on the partner widget: stored as b2bWidget with the B2B landing page code, in the main brand', async () => {
    const { tradeId, row, mail } = await sell('b2bwidget.localhost');
    expect(row).toMatchObject({ shopMode: 'b2bWidget', landingPage: 'LP-DE-B2B' });
    expect(mail.from).toEqual({ name: 'Trade-in Kundenservice', address: 'service@tradein.de' });
    expect(await findLabelData(handle.db, tradeId)).toMatchObject({ brand: 'tradein' });
  });

  it('sold in the main shop: the default mode and landing page', async () => {
    const { row } = await sell('de.localhost');
    expect(row).toMatchObject({ shopMode: 'default', landingPage: 'LP-DE' });
  });
});
