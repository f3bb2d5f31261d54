// Trades as the warehouse works on them (product §11.10): search, one trade, receiving a parcel by its
// label's barcode, the inspector's hold, the counter-offer preview, photos, saving an inspection and
// confirming a device's data erasure, and the returns of declined devices. Every answer is parsed with the staff contract.

import {
  PhotoUploadAnswerSchema,
  QuoteAnswerSchema,
  ReceiveAnswerSchema,
  ReturnsAnswerSchema,
  StaffTradeSchema,
  TradeSearchAnswerSchema,
  type ErasureMethod,
  type InspectionRequest,
  type QuoteAnswer,
  type ReceiveAnswer,
  type ReturnEntry,
  type StaffTrade,
} from '../../contracts/staff';
import { z } from '../../contracts/zod';
import type { StaffClient } from './client';

export type TradeSearchAnswer = z.infer<typeof TradeSearchAnswerSchema>;

const ReturnListSchema = z.pipe(
  ReturnsAnswerSchema,
  z.transform((answer) => answer.returns),
);
export type PhotoUpload = z.infer<typeof PhotoUploadAnswerSchema>;

const tradePath = (tradeNumber: string) => `/api/staff/trades/${encodeURIComponent(tradeNumber)}`;

export async function searchTrades(client: StaffClient, q: string, signal?: AbortSignal): Promise<TradeSearchAnswer> {
  return client.json('/api/staff/trades', TradeSearchAnswerSchema, { query: { q }, ...(signal && { signal }) });
}

export async function fetchTrade(client: StaffClient, tradeNumber: string, signal?: AbortSignal): Promise<StaffTrade> {
  return client.json(tradePath(tradeNumber), StaffTradeSchema, signal ? { signal } : {});
}

/** Receives the parcel whose label carries `code` (received: false when it was received before). */
export async function receiveParcel(client: StaffClient, code: string): Promise<ReceiveAnswer> {
  return client.json('/api/staff/receive', ReceiveAnswerSchema, { method: 'POST', body: { code } });
}

/** Takes the inspector's hold; the trade's `heldBy` names another user who keeps it (unless `takeOver`). */
export async function holdTrade(client: StaffClient, tradeNumber: string, takeOver: boolean): Promise<StaffTrade> {
  return client.json(`${tradePath(tradeNumber)}/hold`, StaffTradeSchema, { method: 'POST', body: takeOver ? { takeOver: true } : {} });
}

/** Gives the hold back; `keepalive` lets it finish while the page closes. */
export async function releaseTrade(client: StaffClient, tradeNumber: string, keepalive = false): Promise<void> {
  await client.send(`${tradePath(tradeNumber)}/hold`, { method: 'DELETE', keepalive });
}

export async function quoteItem(
  client: StaffClient,
  tradeNumber: string,
  request: { offerId: string; answers: Record<string, number> },
  signal?: AbortSignal,
): Promise<QuoteAnswer> {
  return client.json(`${tradePath(tradeNumber)}/quote`, QuoteAnswerSchema, {
    method: 'POST',
    body: { ...request },
    ...(signal && { signal }),
  });
}

/** Uploads one photo of an item (the file's bytes, with its type). */
export async function uploadPhoto(
  client: StaffClient,
  tradeNumber: string,
  offerId: string,
  file: Blob,
  signal?: AbortSignal,
): Promise<PhotoUpload> {
  return client.json(`${tradePath(tradeNumber)}/items/${encodeURIComponent(offerId)}/photos`, PhotoUploadAnswerSchema, {
    method: 'POST',
    body: file,
    contentType: file.type,
    ...(signal && { signal }),
  });
}

/** Where a photo of the trade is shown from (the session cookie is its proof). */
export function photoUrl(tradeNumber: string, photoId: string): string {
  return `${tradePath(tradeNumber)}/photos/${encodeURIComponent(photoId)}`;
}

export async function deletePhoto(client: StaffClient, tradeNumber: string, photoId: string): Promise<void> {
  await client.send(`${tradePath(tradeNumber)}/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
}

export async function saveInspection(client: StaffClient, tradeNumber: string, request: InspectionRequest): Promise<StaffTrade> {
  return client.json(`${tradePath(tradeNumber)}/inspection`, StaffTradeSchema, { method: 'POST', body: { ...request } });
}

export async function confirmErasure(
  client: StaffClient,
  tradeNumber: string,
  offerId: string,
  request: { version: number; method: ErasureMethod },
): Promise<StaffTrade> {
  return client.json(`${tradePath(tradeNumber)}/items/${encodeURIComponent(offerId)}/erasure`, StaffTradeSchema, {
    method: 'POST',
    body: { ...request },
  });
}

/** The declined trades whose devices go back to the seller, oldest first. */
export async function fetchReturns(client: StaffClient, signal?: AbortSignal): Promise<ReturnEntry[]> {
  return client.json('/api/staff/returns', ReturnListSchema, signal ? { signal } : {});
}

/** The parcel of a declined trade was sent: the trade is returned and the seller mailed. */
export async function markReturned(client: StaffClient, tradeNumber: string): Promise<StaffTrade> {
  return client.json(`/api/staff/trades/${encodeURIComponent(tradeNumber)}/return`, StaffTradeSchema, { method: 'POST', body: {} });
}
