// Photos taken during an inspection in the back office (issue 28): the camera or a file sends each
// photo as it is taken, checked like the ops CLI's photos (type sniffed from the bytes, at most 5 MB,
// 6 per item; server/trades/photos.ts) and kept in staff_photo_uploads until the inspection is saved,
// when they become the item's evidence photos (inspection_photos) and the uploads are deleted.

import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staffPhotoUploads } from '../db/schema/staff';
import { findPhoto, MAX_PHOTOS_PER_ITEM, PhotoError, type InspectionPhoto, type PhotoType } from '../trades/photos';

export interface StoredUpload {
  readonly id: string;
  readonly contentType: PhotoType;
  readonly size: number;
}

/** One more upload would exceed MAX_PHOTOS_PER_ITEM. */
export class UploadLimitError extends PhotoError {
  constructor() {
    super(`An item can have at most ${MAX_PHOTOS_PER_ITEM} photos; delete one before taking another.`);
    this.name = 'UploadLimitError';
  }
}

/**
 * Stores a checked photo for an item, inside a transaction that has locked the trade row (so two
 * uploads at once cannot both be the 6th).
 */
export async function storeUpload(
  tx: Database,
  ids: { readonly tradeId: string; readonly offerId: string; readonly staffId: string },
  photo: InspectionPhoto,
  now: Date,
): Promise<StoredUpload> {
  const [row] = await tx.select({ n: count() }).from(staffPhotoUploads).where(eq(staffPhotoUploads.offerId, ids.offerId));
  if (Number(row?.n ?? 0) >= MAX_PHOTOS_PER_ITEM) throw new UploadLimitError();
  const id = randomUUID();
  await tx.insert(staffPhotoUploads).values({
    id,
    tradeId: ids.tradeId,
    offerId: ids.offerId,
    staffId: ids.staffId,
    contentType: photo.contentType,
    content: photo.content,
    size: photo.content.length,
    createdAt: now,
  });
  return { id, contentType: photo.contentType, size: photo.content.length };
}

/** An upload id that is not an upload of the item it was named for. */
export class UnknownUploadError extends PhotoError {
  constructor(readonly photoIds: readonly string[]) {
    super(
      `${photoIds.length === 1 ? 'The photo' : 'The photos'} ${photoIds.join(', ')} ${photoIds.length === 1 ? 'is' : 'are'} not among the uploads of this device; take ${photoIds.length === 1 ? 'it' : 'them'} again.`,
    );
    this.name = 'UnknownUploadError';
  }
}

/** The uploads `photoIds` of one item of one trade, in the order given; any other id is refused. */
export async function loadUploads(
  tx: Database,
  ids: { readonly tradeId: string; readonly offerId: string },
  photoIds: readonly string[],
): Promise<InspectionPhoto[]> {
  if (photoIds.length === 0) return [];
  const wanted = photoIds.map((id) => id.toLowerCase());
  const rows = await tx
    .select({ id: staffPhotoUploads.id, contentType: staffPhotoUploads.contentType, content: staffPhotoUploads.content })
    .from(staffPhotoUploads)
    .where(
      and(eq(staffPhotoUploads.tradeId, ids.tradeId), eq(staffPhotoUploads.offerId, ids.offerId), inArray(staffPhotoUploads.id, wanted)),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw new UnknownUploadError(unknown);
  return wanted.map((id) => ({ contentType: byId.get(id)!.contentType, content: byId.get(id)!.content }));
}

/** Deletes uploads (those an inspection took over, or one the inspector discarded); returns what was deleted. */
export async function deleteUploads(
  tx: Database,
  tradeId: string,
  photoIds: readonly string[],
): Promise<{ id: string; offerId: string; contentType: PhotoType; size: number }[]> {
  if (photoIds.length === 0) return [];
  return tx
    .delete(staffPhotoUploads)
    .where(and(eq(staffPhotoUploads.tradeId, tradeId), inArray(staffPhotoUploads.id, [...photoIds])))
    .returning({
      id: staffPhotoUploads.id,
      offerId: staffPhotoUploads.offerId,
      contentType: staffPhotoUploads.contentType,
      size: staffPhotoUploads.size,
    });
}

/** A photo of the trade: an inspection's evidence photo or an upload waiting for the save; null otherwise. */
export async function tradePhoto(
  db: Database,
  tradeId: string,
  photoId: string,
): Promise<{ contentType: PhotoType; content: Uint8Array } | null> {
  const saved = await findPhoto(db, tradeId, photoId);
  if (saved) return saved;
  const [upload] = await db
    .select({ contentType: staffPhotoUploads.contentType, content: staffPhotoUploads.content })
    .from(staffPhotoUploads)
    .where(and(eq(staffPhotoUploads.id, photoId), eq(staffPhotoUploads.tradeId, tradeId)));
  return upload ?? null;
}
