// Receiving and inspecting trades in the back office (issue 28 items 3 and 4): finding a trade, the
// scanner's barcode receiving it, who holds it open, the counter-offer preview, the inspection's photos
// and saving the inspection. Every change runs in one transaction with its audit row (./audit.ts), on
// the trades domain's own functions (server/trades), which the ops CLI uses too. A save names the
// trade's version: one made on an older version is refused (`stale`, naming who changed it), nothing
// overwritten. Roles: reading for every staff role, changes for inspectors (docs/staff-roles.md).

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldIssues } from '../../src/contracts/issues';
import {
  ErasureRequestSchema,
  InspectionRequestSchema,
  PhotoUploadAnswerSchema,
  QuoteAnswerSchema,
  QuoteRequestSchema,
  ReceiveAnswerSchema,
  ScanRequestSchema,
  StaffTradeSchema,
  TradeSearchAnswerSchema,
  type StaffTrade,
} from '../../src/contracts/staff';
import type { TradeStatus } from '../../src/contracts/trades';
import type { CatalogueStore } from '../catalogue/store';
import { sendClarificationMail, type ClarificationMailServices } from '../clarifications/mail';
import type { Database } from '../db/client';
import { apiErrorHandler, badRequest, conflict, HttpError, notFound } from '../http/errors';
import { PricingInputError } from '../offers/pricing';
import { confirmErasure, ErasureError } from '../trades/erasure';
import { InspectionError, recordInspection, type ItemInspection } from '../trades/inspection';
import {
  checkVersion,
  lockTrade,
  StaleTradeError,
  TradeNotFoundError,
  transition,
  TransitionError,
  type TradeStepMails,
} from '../trades/lifecycle';
import type { CertificateLinks } from '../trades/links';
import { checkPhoto, MAX_PHOTO_BYTES, PhotoError } from '../trades/photos';
import { appendAudit, lastTradeChange, tradeAudit } from './audit';
import { staffRoutes } from './scope';
import { allow, signedIn, staffError, type StaffPrincipal } from './guard';
import { releaseHold, takeHold } from './holds';
import { deleteUploads, loadUploads, storeUpload, tradePhoto } from './photo-uploads';
import { localeOf, quoteItem, scannedTradeNumber, searchTrades, staffTrade, tradeByNumber, tradeItemsForQuote } from './staff-trades';

const READ_ROLES = ['support', 'inspector', 'payouts', 'admin'] as const;

const TradeParams = z.object({ tradeNumber: z.string().trim().min(1).max(40) });
const ItemParams = TradeParams.extend({ offerId: z.uuid({ error: 'Not a device of this trade.' }) });
const PhotoParams = TradeParams.extend({ photoId: z.uuid({ error: 'Not a photo of this trade.' }) });
const SearchQuery = z.object({ q: z.string().trim().max(254).default('') });
const HoldRequest = z.object({ takeOver: z.boolean().default(false) }).nullish();

/** A photo's bytes wrapped so the input guard, which walks every body, does not walk 5 million bytes. */
class PhotoBody {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }
  get bytes(): Uint8Array {
    return this.#bytes;
  }
}

/** A little over the largest photo, so an oversize photo is answered by checkPhoto's message. */
const PHOTO_BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024;

/** Statuses whose parcel has no business on the inspection table: scanning it is refused. */
const SCAN_REFUSALS: Partial<Record<TradeStatus, string>> = {
  cancelled: 'is cancelled, so no parcel was expected. Put the parcel aside and hand it to support.',
  paid: 'is already paid: its devices were received and inspected before. Put the parcel aside and hand it to support.',
  declined: 'is declined: its devices go back to the seller. Put the parcel with the returns.',
  returned: 'was returned to the seller already. Put the parcel aside and hand it to support.',
};

/**
 * Runs `work` in one transaction. The step mails the trade functions write in it are kept, and what
 * they do after the commit (wake the outbox) runs after THIS transaction commits, not after the inner
 * savepoint the function opened.
 */
async function inOneTransaction<T>(
  db: Database,
  mails: TradeStepMails,
  work: (tx: Database, mails: TradeStepMails) => Promise<T>,
): Promise<T> {
  const afterCommit: (() => Promise<void>)[] = [];
  const deferred: TradeStepMails = {
    write: async (tx, step) => {
      afterCommit.push(await mails.write(tx, step));
      return async () => undefined;
    },
  };
  const result = await db.transaction((tx) => work(tx, deferred));
  for (const run of afterCommit) await run();
  return result;
}

const actorOf = (staff: StaffPrincipal) => ({ staffId: staff.id, email: staff.email });

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What the trade routes take of the staff plugin's options (./plugin.ts StaffPluginOptions). */
export interface StaffTradeRouteOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  /** The seller's step mails, written in the move's transaction. */
  readonly mails: TradeStepMails;
  /** The clarification mails (an inspection that asks the seller). */
  readonly clarificationMails: ClarificationMailServices;
  readonly certificates: CertificateLinks;
  readonly now?: (() => Date) | undefined;
}

export function registerStaffTradeRoutes(server: FastifyInstance, options: StaffTradeRouteOptions): void {
  const { db, store, certificates } = options;
  const clock = () => options.now?.() ?? new Date();

  /** The trade as `staff` sees it now, or the 404. */
  const view = async (tradeNumber: string, staff: StaffPrincipal, now = clock()): Promise<StaffTrade> => {
    const trade = await staffTrade({ db, store, certificates }, tradeNumber, staff.id, now);
    if (!trade) throw tradeNotFound(tradeNumber);
    return trade;
  };

  /** The refusal a person can act on for what the trades domain refused; anything else goes on (a 500). */
  const refusal = async (error: unknown): Promise<unknown> => {
    if (error instanceof TradeNotFoundError) return tradeNotFound(error.ref);
    if (error instanceof StaleTradeError) {
      const change = await lastTradeChange(db, error.tradeNumber);
      return staffError(
        409,
        'stale',
        `${change ? `${change.actor} changed trade ${error.tradeNumber} at ${utc(change.at)}, after you opened it` : `Trade ${error.tradeNumber} changed after you opened it`}; nothing was saved. Reload the trade, check the change and save again.`,
        change ? { changedBy: change.actor, changedAt: change.at.toISOString() } : {},
      );
    }
    if (error instanceof TransitionError) return staffError(409, 'wrong_status', error.message, { status: error.from });
    if (error instanceof PhotoError) return staffError(400, 'photo_rejected', error.message);
    // The certificate written with the inspection refuses a device not accepted as it is.
    if (error instanceof InspectionError && /erasure|certificate/i.test(error.message))
      return staffError(400, 'not_accepted', error.message);
    if (error instanceof InspectionError) return badRequest(error.message);
    if (error instanceof PricingInputError) return badRequest('Some answers do not fit the device.', error.fields);
    if (error instanceof ErasureError) {
      if (error.code === 'unknown_item') return notFound(`${error.message} Reload the trade.`);
      if (error.code === 'not_accepted') return staffError(409, 'not_accepted', error.message);
      if (error.code === 'exists') return conflict(error.message);
      return staffError(400, 'invalid_identifier', error.message);
    }
    return error;
  };
  const refused = async (error: unknown): Promise<never> => {
    throw await refusal(error);
  };

  staffRoutes(server, (app) => {
    app.get(
      '/api/staff/trades',
      { onRequest: allow(...READ_ROLES), schema: { querystring: SearchQuery, response: { 200: TradeSearchAnswerSchema } } },
      async (request) => ({ trades: await searchTrades(db, request.query.q) }),
    );

    app.get(
      '/api/staff/trades/:tradeNumber',
      { onRequest: allow(...READ_ROLES), schema: { params: TradeParams, response: { 200: StaffTradeSchema } } },
      async (request) => view(request.params.tradeNumber, signedIn(request)),
    );

    // The USB scanner types the label's Code 128 and Enter: a new trade is received (the seller's mail
    // and the audit row in the same transaction); a trade received before just opens (a second scan).
    app.post(
      '/api/staff/receive',
      {
        onRequest: allow('inspector'),
        schema: { body: ScanRequestSchema, response: { 200: ReceiveAnswerSchema } },
        config: { invalidBody: 'Scan the barcode on the label, or type the trade number under it.' },
      },
      async (request) => {
        const staff = signedIn(request);
        const tradeNumber = scannedTradeNumber(request.body.code);
        if (!tradeNumber) {
          throw staffError(
            404,
            'trade_not_found',
            `"${request.body.code}" is not a trade number (like TR-2026-000123). Scan the barcode on the parcel's label, or type the number under it.`,
          );
        }
        const now = clock();
        const received = await inOneTransaction(db, options.mails, async (tx, mails) => {
          const trade = await lockTrade(tx, tradeNumber);
          const refusedBecause = SCAN_REFUSALS[trade.status];
          if (refusedBecause)
            throw staffError(409, 'wrong_status', `Trade ${trade.tradeNumber} ${refusedBecause}`, { status: trade.status });
          const moves = trade.status === 'created';
          if (moves) await transition(tx, trade.id, 'received', undefined, now, { mails, audit: tradeAudit(actorOf(staff), now) });
          await takeHold(tx, trade, actorOf(staff), now);
          return moves;
        }).catch(refused);
        return { received, trade: await view(tradeNumber, staff, now) };
      },
    );

    // The inspector's hold: taken when opening a trade, renewed while it stays open, released when
    // leaving it. Someone else's live hold stays unless `takeOver` (written to the audit log).
    app.post(
      '/api/staff/trades/:tradeNumber/hold',
      { onRequest: allow('inspector'), schema: { params: TradeParams, body: HoldRequest, response: { 200: StaffTradeSchema } } },
      async (request) => {
        const staff = signedIn(request);
        const now = clock();
        await db
          .transaction(async (tx) => {
            const trade = await lockTrade(tx, request.params.tradeNumber);
            await takeHold(tx, trade, actorOf(staff), now, { takeOver: request.body?.takeOver ?? false });
          })
          .catch(refused);
        return view(request.params.tradeNumber, staff, now);
      },
    );

    app.delete(
      '/api/staff/trades/:tradeNumber/hold',
      { onRequest: allow('inspector'), schema: { params: TradeParams, response: { 200: StaffTradeSchema } } },
      async (request) => {
        const staff = signedIn(request);
        const trade = await tradeByNumber(db, request.params.tradeNumber);
        if (!trade) throw tradeNotFound(request.params.tradeNumber);
        await releaseHold(db, trade.id, staff.id);
        return view(trade.tradeNumber, staff);
      },
    );

    // The counter-offer preview: what saving these answers would pay for one device, priced by the
    // very functions the inspection's save uses. Writes nothing.
    app.post(
      '/api/staff/trades/:tradeNumber/quote',
      {
        onRequest: allow('inspector'),
        schema: { params: TradeParams, body: QuoteRequestSchema, response: { 200: QuoteAnswerSchema } },
        config: { invalidBody: 'The answers are not valid.' },
      },
      async (request) => {
        const trade = await tradeByNumber(db, request.params.tradeNumber);
        if (!trade) throw tradeNotFound(request.params.tradeNumber);
        const item = (await tradeItemsForQuote(db, trade.id)).get(request.body.offerId.toLowerCase());
        if (!item) throw notADevice(trade.tradeNumber, request.body.offerId);
        try {
          return { offerId: item.offerId, ...quoteItem(store, trade.locale, item, request.body.answers).answer };
        } catch (error) {
          return refused(error);
        }
      },
    );

    // A photo from the camera or a file: the raw bytes as the body, checked by their bytes (not the
    // content type) and size, kept until the inspection is saved. In a scope of its own, so the image
    // body parser and its size limit apply to this route only.
    app.register(async (photos) => {
      const parsePhoto = (_request: FastifyRequest, body: Buffer, done: (error: Error | null, body?: PhotoBody) => void) =>
        done(null, new PhotoBody(new Uint8Array(body)));
      photos.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: PHOTO_BODY_LIMIT }, parsePhoto);
      photos.addContentTypeParser(/^image\/[\w.+-]+$/, { parseAs: 'buffer', bodyLimit: PHOTO_BODY_LIMIT }, parsePhoto);
      photos.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return apiErrorHandler(
            photoTooLarge(`The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB; scale it down.`) as unknown as FastifyError,
            request,
            reply,
          );
        }
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
          return apiErrorHandler(
            staffError(400, 'photo_rejected', 'Send the photo itself as the body (a JPEG, PNG or WebP image).') as unknown as FastifyError,
            request,
            reply,
          );
        }
        return apiErrorHandler(error, request, reply);
      });
      photos.withTypeProvider<ZodTypeProvider>().post(
        '/api/staff/trades/:tradeNumber/items/:offerId/photos',
        {
          onRequest: allow('inspector'),
          bodyLimit: PHOTO_BODY_LIMIT,
          schema: { params: ItemParams, response: { 201: PhotoUploadAnswerSchema } },
        },
        async (request, reply) => {
          const staff = signedIn(request);
          const bytes = request.body instanceof PhotoBody ? request.body.bytes : new Uint8Array();
          let photo;
          try {
            photo = await checkPhoto('The photo', bytes);
          } catch (error) {
            if (error instanceof PhotoError && bytes.length > MAX_PHOTO_BYTES) throw photoTooLarge(error.message);
            return refused(error);
          }
          const now = clock();
          const stored = await db
            .transaction(async (tx) => {
              const trade = await lockTrade(tx, request.params.tradeNumber);
              if (trade.status !== 'received') throw notInspecting(trade.tradeNumber, trade.status);
              const offerId = request.params.offerId.toLowerCase();
              if (!(await tradeItemsForQuote(tx, trade.id)).has(offerId)) throw notADevice(trade.tradeNumber, offerId);
              const stored = await storeUpload(tx, { tradeId: trade.id, offerId, staffId: staff.id }, photo, now);
              await appendAudit(
                tx,
                actorOf(staff),
                {
                  action: 'trade.photo_uploaded',
                  tradeNumber: trade.tradeNumber,
                  subject: stored.id,
                  after: { offerId, contentType: stored.contentType, size: stored.size },
                },
                now,
              );
              return stored;
            })
            .catch(refused);
          return reply.status(201).send(stored);
        },
      );
    });

    // A photo of the trade (saved with its inspection, or uploaded and waiting for the save).
    app.get(
      '/api/staff/trades/:tradeNumber/photos/:photoId',
      { onRequest: allow(...READ_ROLES), schema: { params: PhotoParams } },
      async (request, reply) => {
        const trade = await tradeByNumber(db, request.params.tradeNumber);
        if (!trade) throw tradeNotFound(request.params.tradeNumber);
        const photo = await tradePhoto(db, trade.id, request.params.photoId.toLowerCase());
        if (!photo) throw notFound(`Trade ${trade.tradeNumber} has no photo ${request.params.photoId}.`);
        return reply
          .header('Content-Type', photo.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', 'inline')
          .send(Buffer.from(photo.content));
      },
    );

    // Discards an upload before the save (a blurred photo); saved evidence photos stay.
    app.delete(
      '/api/staff/trades/:tradeNumber/photos/:photoId',
      { onRequest: allow('inspector'), schema: { params: PhotoParams } },
      async (request, reply) => {
        const staff = signedIn(request);
        const now = clock();
        await db
          .transaction(async (tx) => {
            const trade = await lockTrade(tx, request.params.tradeNumber);
            const [deleted] = await deleteUploads(tx, trade.id, [request.params.photoId.toLowerCase()]);
            if (!deleted) {
              throw notFound(
                `Trade ${trade.tradeNumber} has no photo ${request.params.photoId} waiting to be saved (photos saved with the inspection stay).`,
              );
            }
            await appendAudit(
              tx,
              actorOf(staff),
              {
                action: 'trade.photo_deleted',
                tradeNumber: trade.tradeNumber,
                subject: deleted.id,
                before: { offerId: deleted.offerId, contentType: deleted.contentType, size: deleted.size },
              },
              now,
            );
          })
          .catch(refused);
        return reply.status(204).send();
      },
    );

    // Saving the inspection: every device's found answers, IMEI or serial number, note, photos and
    // (for a device accepted as it is) the confirmed data erasure, on the version the screen loaded.
    app.post(
      '/api/staff/trades/:tradeNumber/inspection',
      {
        onRequest: allow('inspector'),
        // The IMEI's check digit gets its own reason, so the screen can point at the field.
        preValidation: async (request) => {
          const parsed = InspectionRequestSchema.safeParse(request.body);
          if (parsed.success) return;
          const fields = fieldIssues(parsed.error);
          if (fields.some((f) => /^items\.\d+\.identifier$/.test(f.path))) {
            throw staffError(400, 'invalid_identifier', 'Check the IMEI (15 digits with its check digit) or the serial number.', {
              fields,
            });
          }
        },
        schema: { params: TradeParams, body: InspectionRequestSchema, response: { 200: StaffTradeSchema } },
        config: { invalidBody: 'The inspection is not complete or not valid.' },
      },
      async (request) => {
        const staff = signedIn(request);
        const actor = actorOf(staff);
        const now = clock();
        const body = request.body;
        const inspected = await inOneTransaction(db, options.mails, async (tx, mails) => {
          const trade = await lockTrade(tx, request.params.tradeNumber);
          // The version and status first: a stale screen learns that before anything about its input.
          checkVersion(trade, { expectedVersion: body.version });
          if (trade.status !== 'received') throw new TransitionError(trade.tradeNumber, trade.status, 'inspected');
          const items = await tradeItemsForQuote(tx, trade.id);
          const inspections: ItemInspection[] = [];
          for (const input of body.items) {
            const offerId = input.offerId.toLowerCase();
            const item = items.get(offerId);
            if (!item) throw notADevice(trade.tradeNumber, offerId);
            if (input.erasure) refuseErasureOfUnaccepted(store, localeOf(trade), item, input.answers);
            inspections.push({
              offerId,
              answers: input.answers,
              identifier: input.identifier,
              ...(input.note ? { note: input.note } : {}),
              photos: await loadUploads(tx, { tradeId: trade.id, offerId }, input.photoIds),
              ...(input.erasure ? { erasure: { method: input.erasure, inspector: staff.id } } : {}),
            });
          }
          const result = await recordInspection(tx, store, trade.id, inspections, {
            now,
            mails,
            audit: tradeAudit(actor, now),
            expectedVersion: body.version,
          });
          // The uploads are the inspection's photos now.
          await deleteUploads(
            tx,
            trade.id,
            body.items.flatMap((i) => i.photoIds.map((id) => id.toLowerCase())),
          );
          await releaseHold(tx, trade.id, staff.id);
          return result;
        }).catch(refused);
        if (inspected.status === 'clarification') {
          // The inspection is saved: a mail that fails is logged (and can be sent again), not answered as a failed save.
          await sendClarificationMail(options.clarificationMails, db, inspected.tradeId, 'opened').catch((error: unknown) =>
            request.log.error({ err: error, tradeNumber: inspected.tradeNumber }, 'the clarification mail was not sent'),
          );
        }
        return view(inspected.tradeNumber, staff, now);
      },
    );

    // The data erasure of a device accepted after the inspection (its clarification accepted), or
    // inspected without confirming it: its certificate, with the IMEI or serial number the inspection read.
    app.post(
      '/api/staff/trades/:tradeNumber/items/:offerId/erasure',
      {
        onRequest: allow('inspector'),
        schema: { params: ItemParams, body: ErasureRequestSchema, response: { 200: StaffTradeSchema } },
        config: { invalidBody: 'Choose how the device was wiped.' },
      },
      async (request) => {
        const staff = signedIn(request);
        const now = clock();
        const confirmed = await confirmErasure(db, request.params.tradeNumber, request.params.offerId, {
          method: request.body.method,
          inspector: staff.id,
          at: now,
          audit: tradeAudit(actorOf(staff), now),
          expectedVersion: request.body.version,
        }).catch(refused);
        return view(confirmed.tradeNumber, staff, now);
      },
    );
  });
}

function tradeNotFound(tradeNumber: string): HttpError {
  return staffError(
    404,
    'trade_not_found',
    `There is no trade ${tradeNumber.trim().toUpperCase()}. Check the number on the label, or search by the seller's e-mail.`,
  );
}

function notADevice(tradeNumber: string, offerId: string): HttpError {
  return notFound(`Trade ${tradeNumber} has no device ${offerId}; reload the trade.`);
}

function notInspecting(tradeNumber: string, status: TradeStatus): HttpError {
  return staffError(409, 'wrong_status', `Trade ${tradeNumber} is ${status}: photos are taken while inspecting a received trade.`, {
    status,
  });
}

function photoTooLarge(message: string): HttpError {
  return new HttpError(413, 'Payload Too Large', message, { reason: 'photo_rejected' });
}

/**
 * A data erasure is confirmed only for a device accepted as it is; one the seller is asked about first
 * (worse than offered) or that is blocked gets its certificate once accepted (POST …/erasure).
 */
function refuseErasureOfUnaccepted(
  store: CatalogueStore,
  locale: Parameters<typeof quoteItem>[1],
  item: Parameters<typeof quoteItem>[2] & { readonly position: number; readonly deviceName: string },
  answers: Readonly<Record<string, number>>,
): void {
  let outcome;
  try {
    outcome = quoteItem(store, locale, item, answers).answer.outcome;
  } catch (error) {
    // Answers that do not fit are refused by the inspection itself, with the item named.
    if (error instanceof PricingInputError || error instanceof InspectionError) return;
    throw error;
  }
  const label = `Device ${item.position + 1} (${item.deviceName})`;
  if (outcome === 'worse') {
    throw staffError(
      400,
      'not_accepted',
      `${label} is worse than offered, so the seller is asked first: confirm its data erasure once the seller accepted. Save without the erasure.`,
    );
  }
  if (outcome === 'blocked') {
    throw staffError(
      400,
      'not_accepted',
      `${label} is blocked (e.g. an activation lock), so it is not accepted and gets no erasure certificate. Save without the erasure.`,
    );
  }
}
