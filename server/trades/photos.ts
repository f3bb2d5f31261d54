// Evidence photos of an inspection (decision 026): the operator attaches image files to an item with
// `trades inspect … --photo <file>`; the seller sees them with the clarification. What a file is comes
// from its bytes (file-type), never its name; each photo at most 5 MB, at most 6 per item.

import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inspectionPhotos } from '../db/schema/trades';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTOS_PER_ITEM = 6;

export interface InspectionPhoto {
  readonly contentType: PhotoType;
  readonly content: Uint8Array;
}

/** A photo file that cannot be attached: not an image of PHOTO_TYPES, empty, or too large. */
export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoError';
  }
}

/** The photo with its sniffed type, or a PhotoError naming `label` (the file name) and what to do. */
export async function checkPhoto(label: string, content: Uint8Array): Promise<InspectionPhoto> {
  if (content.length === 0) throw new PhotoError(`${label} is empty.`);
  if (content.length > MAX_PHOTO_BYTES) {
    throw new PhotoError(`${label} has ${(content.length / 1024 / 1024).toFixed(1)} MB; a photo may have at most 5 MB (scale it down).`);
  }
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(content);
  if (!found || !(PHOTO_TYPES as readonly string[]).includes(found.mime)) {
    throw new PhotoError(`${label} is ${found ? found.mime : 'not an image'}; attach a JPEG, PNG or WebP photo.`);
  }
  return { contentType: found.mime as PhotoType, content };
}

/** Stores an item's photos inside the inspection's transaction. */
export async function insertPhotos(
  tx: Database,
  ids: { tradeId: string; offerId: string },
  photos: readonly InspectionPhoto[],
  newId: () => string,
): Promise<void> {
  if (photos.length > MAX_PHOTOS_PER_ITEM) throw new PhotoError(`An item can have at most ${MAX_PHOTOS_PER_ITEM} photos.`);
  if (photos.length === 0) return;
  await tx.insert(inspectionPhotos).values(
    photos.map((p, position) => ({
      id: newId(),
      offerId: ids.offerId,
      tradeId: ids.tradeId,
      position,
      contentType: p.contentType,
      content: p.content,
      size: p.content.length,
    })),
  );
}

/** The photo ids per item (offer id), in the order they were attached. */
export async function photoIdsOf(db: Database, offerIds: readonly string[]): Promise<Map<string, string[]>> {
  const byItem = new Map<string, string[]>();
  if (offerIds.length === 0) return byItem;
  const rows = await db
    .select({ id: inspectionPhotos.id, offerId: inspectionPhotos.offerId })
    .from(inspectionPhotos)
    .where(inArray(inspectionPhotos.offerId, [...offerIds]))
    .orderBy(asc(inspectionPhotos.offerId), asc(inspectionPhotos.position));
  for (const row of rows) byItem.set(row.offerId, [...(byItem.get(row.offerId) ?? []), row.id]);
  return byItem;
}

/** One photo of the trade `tradeId`, or null (unknown, or of another trade). */
export async function findPhoto(
  db: Database,
  tradeId: string,
  photoId: string,
): Promise<{ contentType: PhotoType; content: Uint8Array } | null> {
  const [row] = await db
    .select({ tradeId: inspectionPhotos.tradeId, contentType: inspectionPhotos.contentType, content: inspectionPhotos.content })
    .from(inspectionPhotos)
    .where(eq(inspectionPhotos.id, photoId));
  return row && row.tradeId === tradeId ? { contentType: row.contentType, content: row.content } : null;
}
