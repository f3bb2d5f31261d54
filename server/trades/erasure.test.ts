// Data-erasure certificates (decision 073) on PGlite and (with TEST_DATABASE_URL) PostgreSQL: written
// with the inspection for a device accepted as it is, or later by confirmErasure for one accepted after
// its clarification; refused, with nothing written, for a device that is not accepted, has one already
// or has no valid identifier; every confirmation raises the trade's version and is audited. And how an
// identifier is masked.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trade } from '../../src/contracts/trades';
import type { CatalogueStore } from '../catalogue/store';
import type { Database, DatabaseHandle } from '../db/client';
import { auditLog } from '../db/schema/staff';
import { erasureCertificates, tradeInspections, trades } from '../db/schema/trades';
import { tradeAudit } from '../staff/audit';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { BEST, createTrade } from '../test-support/trades';
import { certificatesOf, confirmErasure, ErasureError, findCertificate, inspectorShort, maskIdentifier } from './erasure';
import { answerClarification, InspectionError, recordInspection } from './inspection';
import { StaleTradeError, transition } from './lifecycle';

const CRACKED = { 2: 23 };
const LOCKED = { 3: 32 };
/** IMEIs with a valid check digit. */
const IMEI = '352099001761481';
const OTHER_IMEI = '490154203237518';
const STAFF = '7f3c2a91-1b2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('maskIdentifier', () => {
  it('keeps an IMEI’s type allocation code and its last 2 digits', () => {
    expect(maskIdentifier(IMEI)).toBe('35209900•••••81');
    expect(maskIdentifier('35-209900-176148-1')).toBe('35209900•••••81');
  });

  it('keeps a serial number’s first and last 2 characters, and only the last 2 of a short one', () => {
    expect(maskIdentifier('c39xk2lmn07k')).toBe('C3••••••••7K');
    expect(maskIdentifier('F17ABCDE')).toBe('F1••••DE');
    expect(maskIdentifier('R58N2X')).toBe('••••2X');
  });

  it('names the inspector by the start of the staff id, or cli', () => {
    expect(inspectorShort(STAFF)).toBe('7f3c2a91');
    expect(inspectorShort('cli')).toBe('cli');
  });
});

describe.each(testDatabases())('data-erasure certificates on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const received = async (deviceIds: number[]): Promise<Trade> => {
    const trade = await createTrade(db, store, deviceIds);
    await transition(db, trade.tradeNumber, 'received');
    return trade;
  };
  const versionOf = async (tradeId: string) =>
    (await db.select({ version: trades.version }).from(trades).where(eq(trades.id, tradeId)))[0]!.version;
  const auditOf = (tradeNumber: string) => db.select().from(auditLog).where(eq(auditLog.tradeNumber, tradeNumber)).orderBy(auditLog.id);
  const certificateCount = (tradeId: string) => db.$count(erasureCertificates, eq(erasureCertificates.tradeId, tradeId));

  describe('with the inspection', () => {
    it('stores each identifier and writes the certificate of a device accepted as it is, audited in the same transaction', async () => {
      const trade = await received([1300, 2100]);
      const [a, b] = trade.items.map((i) => i.offerId) as [string, string];
      const now = new Date('2026-11-03T09:00:00Z');
      const result = await recordInspection(
        db,
        store,
        trade.tradeNumber,
        [
          { offerId: a, answers: BEST, identifier: '35 209900 176148 1', erasure: { method: 'factory_reset_encrypted', inspector: STAFF } },
          { offerId: b, answers: {}, identifier: 'r58n2x7q' },
        ],
        { now, audit: tradeAudit({ staffId: STAFF, email: 'ina@tradein.example' }, now) },
      );
      expect(result.status).toBe('inspected');
      expect(result.items.map((i) => [i.identifier, i.certificateId !== null])).toEqual([
        [IMEI, true],
        ['R58N2X7Q', false],
      ]);
      const stored = await db.select().from(tradeInspections).where(eq(tradeInspections.tradeId, trade.tradeId));
      expect(Object.fromEntries(stored.map((s) => [s.offerId, s.identifier]))).toEqual({ [a]: IMEI, [b]: 'R58N2X7Q' });

      const certificates = await certificatesOf(db, trade.tradeId);
      expect(certificates).toEqual([
        {
          id: result.items[0]!.certificateId,
          offerId: a,
          tradeId: trade.tradeId,
          method: 'factory_reset_encrypted',
          identifier: IMEI,
          inspector: STAFF,
          erasedAt: now,
          deviceName: 'Apple iPhone 13 128 GB',
        },
      ]);
      expect(await findCertificate(db, certificates[0]!.id.toUpperCase())).toMatchObject({
        tradeNumber: trade.tradeNumber,
        locale: 'de',
        brand: 'tradein',
        deviceName: 'Apple iPhone 13 128 GB',
        position: 1,
        identifier: IMEI,
      });

      const [entry] = await auditOf(trade.tradeNumber);
      expect(entry).toMatchObject({
        actor: 'ina@tradein.example',
        staffId: STAFF,
        action: 'trade.inspected',
        before: { status: 'received' },
      });
      expect(entry!.after).toEqual({
        status: 'inspected',
        items: [
          {
            offerId: a,
            foundKind: 'purchase',
            foundPriceCents: 31_000,
            agreedPriceCents: 31_000,
            identifier: '35209900•••••81',
            erasure: 'factory_reset_encrypted',
          },
          { offerId: b, foundKind: 'purchase', foundPriceCents: 19_000, agreedPriceCents: 19_000, identifier: 'R5••••7Q', erasure: null },
        ],
      });
    });

    it('refuses a confirmation for a device the seller is asked about, one without an identifier and a wrong IMEI: nothing is saved', async () => {
      const trade = await received([1300, 1500]);
      const [fine, cracked] = trade.items.map((i) => i.offerId) as [string, string];
      const erasure = { method: 'cryptographic_erase', inspector: 'cli' } as const;
      const attempt = (items: Parameters<typeof recordInspection>[3]) =>
        recordInspection(db, store, trade.tradeNumber, items, { audit: tradeAudit('cli') });
      await expect(
        attempt([
          { offerId: fine, answers: {}, identifier: IMEI, erasure },
          { offerId: cracked, answers: CRACKED, identifier: OTHER_IMEI, erasure },
        ]),
      ).rejects.toThrow(
        new InspectionError(
          'Item 2 (Apple iPhone 15 Pro 128 GB): the device is not accepted yet (the seller is asked first), so its data erasure cannot be confirmed now; confirm it once the seller accepts.',
        ),
      );
      await expect(
        attempt([
          { offerId: fine, answers: {}, erasure },
          { offerId: cracked, answers: {} },
        ]),
      ).rejects.toThrow("Item 1 (Apple iPhone 13 128 GB): confirming the data erasure needs the device's IMEI or serial number.");
      await expect(
        attempt([
          { offerId: fine, answers: {}, identifier: '352099001761482' },
          { offerId: cracked, answers: {} },
        ]),
      ).rejects.toThrow('the IMEI 352099001761482 has a wrong check digit');
      await expect(
        attempt([
          { offerId: fine, answers: {}, identifier: 'abc' },
          { offerId: cracked, answers: {} },
        ]),
      ).rejects.toBeInstanceOf(InspectionError);
      expect(await db.$count(tradeInspections, eq(tradeInspections.tradeId, trade.tradeId))).toBe(0);
      expect(await certificateCount(trade.tradeId)).toBe(0);
      expect(await auditOf(trade.tradeNumber)).toEqual([]);
      expect(await versionOf(trade.tradeId)).toBe(1);
    });
  });

  describe('confirmErasure', () => {
    /** A trade inspected without confirmations: one device as offered, one found cracked (asked), one blocked. */
    const inspected = async (identifiers: { fine?: string; cracked?: string } = {}) => {
      const trade = await received([1300, 1500, 3000]);
      const [fine, cracked, locked] = trade.items.map((i) => i.offerId) as [string, string, string];
      const result = await recordInspection(db, store, trade.tradeNumber, [
        { offerId: fine, answers: {}, ...(identifiers.fine ? { identifier: identifiers.fine } : {}) },
        { offerId: cracked, answers: CRACKED, ...(identifiers.cracked ? { identifier: identifiers.cracked } : {}) },
        { offerId: locked, answers: LOCKED },
      ]);
      const clarificationOf = (offerId: string) => result.items.find((i) => i.offerId === offerId)!.clarification!.id;
      return { trade, fine, cracked, locked, clarificationOf };
    };

    it('certifies a device accepted after its clarification with the inspection’s identifier, raises the version and audits it', async () => {
      const { trade, cracked, clarificationOf } = await inspected({ cracked: OTHER_IMEI });
      await answerClarification(db, trade.tradeNumber, clarificationOf(cracked), 'accept');
      const version = await versionOf(trade.tradeId);
      const at = new Date('2026-11-05T15:00:00Z');
      const result = await confirmErasure(db, trade.tradeNumber, cracked.toUpperCase(), {
        method: 'cryptographic_erase',
        inspector: STAFF,
        at,
        expectedVersion: version,
        audit: tradeAudit({ staffId: STAFF, email: 'ina@tradein.example' }, at),
      });
      expect(result).toEqual({
        tradeNumber: trade.tradeNumber,
        version: version + 1,
        certificate: {
          id: expect.any(String),
          offerId: cracked,
          tradeId: trade.tradeId,
          method: 'cryptographic_erase',
          identifier: OTHER_IMEI,
          inspector: STAFF,
          erasedAt: at,
        },
      });
      expect(await versionOf(trade.tradeId)).toBe(version + 1);
      expect((await certificatesOf(db, trade.tradeId)).map((c) => c.offerId)).toEqual([cracked]);
      const entries = await auditOf(trade.tradeNumber);
      expect(entries.at(-1)).toMatchObject({
        action: 'trade.erasure_confirmed',
        actor: 'ina@tradein.example',
        before: { offerId: cracked, certificate: null },
        after: { offerId: cracked, certificateId: result.certificate.id, method: 'cryptographic_erase', identifier: '49015420•••••18' },
      });
      // A trade whose version moved since is refused (optimistic locking of the back office).
      await expect(
        confirmErasure(db, trade.tradeNumber, cracked, { method: 'cryptographic_erase', inspector: STAFF, expectedVersion: version }),
      ).rejects.toBeInstanceOf(StaleTradeError);
    });

    it('certifies a device inspected as it is without a confirmation, storing the identifier given now with its inspection', async () => {
      const { trade, fine } = await inspected();
      const result = await confirmErasure(db, trade.tradeId, fine, {
        method: 'factory_reset_encrypted',
        identifier: 'c39-xk2-lmn07k',
        inspector: 'cli',
      });
      expect(result.certificate).toMatchObject({ identifier: 'C39XK2LMN07K', inspector: 'cli' });
      const [inspection] = await db.select().from(tradeInspections).where(eq(tradeInspections.offerId, fine));
      expect(inspection!.identifier).toBe('C39XK2LMN07K');
    });

    it('refuses unknown items, devices not accepted, a second certificate and missing, wrong or other identifiers: nothing is written', async () => {
      const { trade, fine, cracked, locked, clarificationOf } = await inspected({ fine: IMEI });
      const confirm = (offerId: string, identifier?: string) =>
        confirmErasure(db, trade.tradeNumber, offerId, {
          method: 'factory_reset_encrypted',
          inspector: 'cli',
          ...(identifier ? { identifier } : {}),
        });
      const code = (promise: Promise<unknown>) =>
        promise.then(
          () => 'written',
          (error: unknown) => (error instanceof ErasureError ? error.code : String(error)),
        );
      const version = await versionOf(trade.tradeId);

      expect(await code(confirm(randomUUID()))).toBe('unknown_item');
      expect(await code(confirm('nope'))).toBe('unknown_item');
      // Open clarifications: the seller has not answered.
      expect(await code(confirm(cracked, OTHER_IMEI))).toBe('not_accepted');
      expect(await code(confirm(locked, OTHER_IMEI))).toBe('not_accepted');
      await answerClarification(db, trade.tradeNumber, clarificationOf(cracked), 'decline');
      expect(await code(confirm(cracked, OTHER_IMEI))).toBe('not_accepted');
      expect(await code(confirm(fine, '352099001761482'))).toBe('invalid_identifier');
      expect(await code(confirm(fine, OTHER_IMEI))).toBe('identifier_mismatch');
      expect(await certificateCount(trade.tradeId)).toBe(0);
      // Answering the clarification moved the trade; the refusals did not.
      const answered = await versionOf(trade.tradeId);
      expect(answered).toBeGreaterThanOrEqual(version);

      expect(await code(confirm(fine))).toBe('written');
      expect(await code(confirm(fine))).toBe('exists');
      expect(await certificateCount(trade.tradeId)).toBe(1);
      expect(await versionOf(trade.tradeId)).toBe(answered + 1);

      // A device never inspected, and one inspected without an identifier.
      const fresh = await received([1300]);
      expect(await code(confirm(fresh.items[0]!.offerId))).toBe('unknown_item');
      await expect(
        confirmErasure(db, fresh.tradeNumber, fresh.items[0]!.offerId, { method: 'factory_reset_encrypted', inspector: 'cli' }),
      ).rejects.toMatchObject({ code: 'not_accepted' });
      const plain = await inspected();
      await expect(
        confirmErasure(db, plain.trade.tradeNumber, plain.fine, { method: 'factory_reset_encrypted', inspector: 'cli' }),
      ).rejects.toMatchObject({ code: 'no_identifier' });
    });
  });
});
