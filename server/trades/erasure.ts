// Data-erasure certificates (issue 28, decision 073): the inspector confirms that a device accepted by
// the shop was wiped by a purge method (a factory reset of the encrypted device, or a cryptographic
// erase) and the seller gets a certificate of it. A device accepted as it is gets its certificate with
// the inspection (./inspection.ts); one accepted later (its clarification accepted), or inspected
// without a confirmation, gets it here. One certificate per device; one transaction per call, under
// the trade's row lock (./lifecycle.ts), raising the trade's version so an open back-office screen
// sees the change. The PDF is drawn on demand from the row (./certificate-pdf.ts).

import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { brandOfTrade, type Brand } from '../../src/config/brands';
import { isLocale, type Locale } from '../../src/config/locales';
import { identifierProblem, type ErasureMethod } from '../../src/contracts/staff';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { erasureCertificates, tradeInspections, tradeItems, trades } from '../db/schema/trades';
import { checkVersion, lockTrade, type TradeAudit } from './lifecycle';

export type ErasureErrorCode =
  /** The trade has no such item. */
  | 'unknown_item'
  /** The device has no agreed price: not inspected, awaiting the seller, blocked or declined. */
  | 'not_accepted'
  /** The device has its certificate already. */
  | 'exists'
  /** Neither the call nor the inspection names the device's IMEI or serial number. */
  | 'no_identifier'
  /** The IMEI's check digit is wrong, or the serial number is not one. */
  | 'invalid_identifier'
  /** The call names another IMEI or serial number than the inspection read off the device. */
  | 'identifier_mismatch';

/** A confirmation that cannot give the device a certificate; nothing was written. */
export class ErasureError extends Error {
  constructor(
    readonly code: ErasureErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ErasureError';
  }
}

export interface ErasureCertificate {
  readonly id: string;
  readonly offerId: string;
  readonly tradeId: string;
  readonly method: ErasureMethod;
  /** As inspected, in full: show it masked (maskIdentifier). */
  readonly identifier: string;
  /** The staff user's id, or `cli`. */
  readonly inspector: string;
  readonly erasedAt: Date;
}

/** An identifier as stored: without spaces and dashes, upper case (IdentifierSchema of the staff contract). */
export function normalizeIdentifier(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

const MASK = '•';

/**
 * The identifier as the certificate, the views and the audit log show it. An IMEI keeps its first 8
 * digits (the type allocation code: make and model) and its last 2: `35209900•••••12`. A serial
 * number keeps its first 2 and last 2 characters (`C3••••••••7K`); one shorter than 8 characters
 * keeps only its last 2, so at least half of it is always masked.
 */
export function maskIdentifier(identifier: string): string {
  const value = normalizeIdentifier(identifier);
  if (/^\d{15}$/.test(value)) return `${value.slice(0, 8)}${MASK.repeat(5)}${value.slice(-2)}`;
  if (value.length < 8) return `${MASK.repeat(Math.max(0, value.length - 2))}${value.slice(-2)}`;
  return `${value.slice(0, 2)}${MASK.repeat(value.length - 4)}${value.slice(-2)}`;
}

/** Whether the identifier is an IMEI (15 digits) rather than a serial number. */
export const isImei = (identifier: string) => /^\d{15}$/.test(normalizeIdentifier(identifier));

/** The inspector as the certificate names them: the first 8 characters of the staff id, or `cli`. */
export function inspectorShort(inspector: string): string {
  return inspector === 'cli' ? 'cli' : inspector.slice(0, 8);
}

/** Checks and normalizes an identifier given for a certificate (ErasureError `invalid_identifier`). */
function checkedIdentifier(value: string): string {
  const problem = identifierProblem(value.trim());
  if (problem !== null) {
    throw new ErasureError(
      'invalid_identifier',
      problem === 'imei_check_digit'
        ? `The IMEI ${value.trim()} has a wrong check digit.`
        : `"${value.trim()}" is neither a 15-digit IMEI nor a serial number of 6 to 30 letters and digits.`,
    );
  }
  return normalizeIdentifier(value);
}

/** Writes a certificate row inside the caller's transaction (the trade is locked); its id. */
export async function insertCertificate(
  tx: Database,
  row: { tradeId: string; offerId: string; method: ErasureMethod; identifier: string; inspector: string; erasedAt: Date },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(erasureCertificates).values({ id, ...row });
  return id;
}

export interface ErasureOptions {
  readonly method: ErasureMethod;
  /** The IMEI or serial number; without it the one the inspection stored. */
  readonly identifier?: string | undefined;
  /** The staff user's id, or `cli`. */
  readonly inspector: string;
  /** When the device was wiped (default now). */
  readonly at?: Date | undefined;
  /** The audit log of the actor confirming it. */
  readonly audit?: TradeAudit | undefined;
  /** The trade's version the caller saw (optimistic locking of the back office). */
  readonly expectedVersion?: number | undefined;
}

export interface ErasureResult {
  readonly certificate: ErasureCertificate;
  readonly tradeNumber: string;
  /** The trade's version after the confirmation. */
  readonly version: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Confirms the wipe of an accepted device of trade `ref` and writes its certificate: refused
 * (ErasureError) for an item the trade does not have, a device without an agreed price, one with a
 * certificate already, and without a valid identifier. An identifier given here for a device the
 * inspection stored none for is stored with the inspection too.
 */
export async function confirmErasure(db: Database, ref: string, offerId: string, options: ErasureOptions): Promise<ErasureResult> {
  const erasedAt = options.at ?? new Date();
  const id = offerId.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const trade = await lockTrade(tx, ref);
    checkVersion(trade, options);
    const [row] = UUID.test(id)
      ? await tx
          .select({
            deviceName: devices.name,
            inspected: tradeInspections.offerId,
            agreedPriceCents: tradeInspections.agreedPriceCents,
            storedIdentifier: tradeInspections.identifier,
            certificate: erasureCertificates.id,
          })
          .from(tradeItems)
          .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
          .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
          .leftJoin(erasureCertificates, eq(erasureCertificates.offerId, tradeItems.offerId))
          .where(and(eq(tradeItems.tradeId, trade.id), eq(tradeItems.offerId, id)))
      : [];
    if (!row) throw new ErasureError('unknown_item', `Trade ${trade.tradeNumber} has no item ${offerId.trim()}.`);
    const device = `${row.deviceName} (${id})`;
    if (row.certificate !== null) throw new ErasureError('exists', `${device} has its data-erasure certificate already.`);
    if (row.inspected === null || row.agreedPriceCents === null) {
      throw new ErasureError(
        'not_accepted',
        row.inspected === null
          ? `${device} is not inspected yet, so it is not accepted and gets no data-erasure certificate.`
          : `${device} is not accepted (its clarification is open or was declined), so it gets no data-erasure certificate.`,
      );
    }
    const given = options.identifier?.trim() ? checkedIdentifier(options.identifier) : null;
    if (given && row.storedIdentifier && given !== row.storedIdentifier) {
      throw new ErasureError(
        'identifier_mismatch',
        `${device} was inspected as ${maskIdentifier(row.storedIdentifier)}, not ${maskIdentifier(given)}: check the device.`,
      );
    }
    const identifier = given ?? row.storedIdentifier;
    if (!identifier) {
      throw new ErasureError('no_identifier', `${device} needs its IMEI or serial number: the inspection stored none.`);
    }
    if (!row.storedIdentifier) await tx.update(tradeInspections).set({ identifier }).where(eq(tradeInspections.offerId, id));

    const certificateId = await insertCertificate(tx, {
      tradeId: trade.id,
      offerId: id,
      method: options.method,
      identifier,
      inspector: options.inspector,
      erasedAt,
    });
    // Not a move, but a change the back office's optimistic locking must see (decision 071).
    const [bumped] = await tx
      .update(trades)
      .set({ version: sql`${trades.version} + 1` })
      .where(eq(trades.id, trade.id))
      .returning({ version: trades.version });
    await options.audit?.write(tx, {
      action: 'trade.erasure_confirmed',
      tradeNumber: trade.tradeNumber,
      before: { offerId: id, certificate: null },
      after: { offerId: id, certificateId, method: options.method, identifier: maskIdentifier(identifier) },
    });
    return {
      certificate: {
        id: certificateId,
        offerId: id,
        tradeId: trade.id,
        method: options.method,
        identifier,
        inspector: options.inspector,
        erasedAt,
      },
      tradeNumber: trade.tradeNumber,
      version: bumped!.version,
    };
  });
}

/** The certificates of a trade's devices with the devices' names, in cart order. */
export async function certificatesOf(db: Database, tradeId: string): Promise<(ErasureCertificate & { readonly deviceName: string })[]> {
  const rows = await db
    .select({ certificate: erasureCertificates, deviceName: devices.name })
    .from(erasureCertificates)
    .innerJoin(tradeItems, eq(tradeItems.offerId, erasureCertificates.offerId))
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .where(eq(erasureCertificates.tradeId, tradeId))
    .orderBy(asc(tradeItems.position));
  return rows.map(({ certificate, deviceName }) => ({ ...certificate, deviceName }));
}

/** What the certificate PDF shows (./certificate-pdf.ts). */
export interface CertificateData {
  readonly id: string;
  readonly tradeNumber: string;
  /** The trade's shop: the certificate's language and date format. */
  readonly locale: Locale;
  /** The brand the trade was sold under (decision 033). */
  readonly brand: Brand;
  readonly deviceName: string;
  /** The item's place in the trade, from 1 (the file name). */
  readonly position: number;
  readonly method: ErasureMethod;
  /** In full: the PDF masks it. */
  readonly identifier: string;
  readonly inspector: string;
  readonly erasedAt: Date;
}

/** The certificate `id` with its trade and device, or null when there is none. */
export async function findCertificate(db: Database, id: string): Promise<CertificateData | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      certificate: erasureCertificates,
      tradeNumber: trades.tradeNumber,
      locale: trades.locale,
      shopMode: trades.shopMode,
      deviceName: devices.name,
      position: tradeItems.position,
    })
    .from(erasureCertificates)
    .innerJoin(trades, eq(trades.id, erasureCertificates.tradeId))
    .innerJoin(tradeItems, eq(tradeItems.offerId, erasureCertificates.offerId))
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .where(eq(erasureCertificates.id, id.toLowerCase()));
  if (!row) return null;
  const { certificate } = row;
  return {
    id: certificate.id,
    tradeNumber: row.tradeNumber,
    locale: isLocale(row.locale) ? row.locale : 'default',
    brand: brandOfTrade(row.shopMode),
    deviceName: row.deviceName,
    position: row.position + 1,
    method: certificate.method,
    identifier: certificate.identifier,
    inspector: certificate.inspector,
    erasedAt: certificate.erasedAt,
  };
}
