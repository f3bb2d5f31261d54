// Attachments of a contact message: what the content is (sniffed by file-type from the bytes, never
// the name or the browser's Content-Type) and a file name safe to put into a mail.

import { ATTACHMENT_TYPES, type AttachmentType } from '../../src/contracts/contact';

export interface Attachment {
  readonly filename: string;
  readonly contentType: AttachmentType;
  readonly content: Uint8Array;
}

const ALLOWED = new Set<string>(ATTACHMENT_TYPES);

/** The attachment's real type, or null when it is none of ATTACHMENT_TYPES (an .exe named photo.jpg, say). */
export async function sniffAttachmentType(content: Uint8Array): Promise<AttachmentType | null> {
  if (content.length === 0) return null;
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(content);
  // HEIC photos are reported as image/heic or image/heif; both are the iPhone's photos.
  const mime = found?.mime === 'image/heif' ? 'image/heic' : found?.mime;
  return mime && ALLOWED.has(mime) ? (mime as AttachmentType) : null;
}

const EXTENSION: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/**
 * The name without a path, control characters or quotes, at most 80 characters, ending in the
 * extension of its real type ("Rechnung.pdf", "photo.exe" sniffed as PNG → "photo.exe.png").
 */
export function safeFilename(name: string | undefined, type: AttachmentType, position: number): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"<>|*?:]/gu, '')
    .trim()
    .slice(0, 80);
  const ext = EXTENSION[type];
  const stem = base === '' || base.startsWith('.') ? `attachment-${position + 1}` : base;
  return stem.toLowerCase().endsWith(`.${ext}`) || (ext === 'jpg' && /\.jpe?g$/i.test(stem)) ? stem : `${stem}.${ext}`;
}
