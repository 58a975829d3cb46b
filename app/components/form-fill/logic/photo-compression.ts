/** Spec 001 §9: the encoder settings chosen by the original file's size. */
export interface CompressionSettings {
  maxWidth: number;
  maxHeight: number;
  quality: number;
}

const MB = 1024 * 1024;

/** Largest first: the first tier whose threshold the file exceeds wins; small files keep the default box at q0.9. */
const TIERS: readonly { overMb: number; settings: CompressionSettings }[] = [
  { overMb: 10, settings: { maxWidth: 1280, maxHeight: 720, quality: 0.6 } },
  { overMb: 5, settings: { maxWidth: 1600, maxHeight: 900, quality: 0.7 } },
  { overMb: 2, settings: { maxWidth: 1920, maxHeight: 1080, quality: 0.8 } },
];
const SMALL_FILE_SETTINGS: CompressionSettings = { maxWidth: 1920, maxHeight: 1080, quality: 0.9 };

export const COMPRESSION_TIMEOUT_MS = 10_000;
/** A notice tells the collector how much smaller the photo got, only when the gain is worth mentioning. */
export const COMPRESSION_NOTICE_RATIO = 1.1;
export const PHOTO_INPUT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export function compressionSettingsFor(bytes: number): CompressionSettings {
  return TIERS.find((tier) => bytes > tier.overMb * MB)?.settings ?? SMALL_FILE_SETTINGS;
}

/**
 * Scales down (never up) to fit the box; the box is turned with the photo, so a portrait 3000×4000 fits
 * 1080×1920 rather than shrinking to a thumbnail inside a landscape box.
 */
export function fitWithin(
  width: number,
  height: number,
  settings: CompressionSettings,
): { width: number; height: number } {
  const portrait = height > width;
  const boxWidth = portrait ? settings.maxHeight : settings.maxWidth;
  const boxHeight = portrait ? settings.maxWidth : settings.maxHeight;
  const scale = Math.min(1, boxWidth / width, boxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function compressionRatio(originalBytes: number, compressedBytes: number): number {
  return compressedBytes > 0 ? originalBytes / compressedBytes : 1;
}

export function shouldShowCompressionNotice(originalBytes: number, compressedBytes: number): boolean {
  return compressionRatio(originalBytes, compressedBytes) > COMPRESSION_NOTICE_RATIO;
}

export function isAcceptedPhotoType(type: string): boolean {
  return (PHOTO_INPUT_TYPES as readonly string[]).includes(type);
}

export function exceedsMaxSize(bytes: number, maxSizeMb: number): boolean {
  return bytes > maxSizeMb * MB;
}

export interface CompressedPhoto {
  blob: Blob;
  contentType: string;
  originalBytes: number;
  /** False when compression failed or timed out and the original file is kept. */
  compressed: boolean;
}

async function encodeJpeg(file: Blob, settings: CompressionSettings): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const size = fitWithin(bitmap.width, bitmap.height, settings);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("Canvas 2D context unavailable");
    // JPEG has no alpha: transparent PNG areas would turn black without a white ground.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("Canvas export failed"))),
        "image/jpeg",
        settings.quality,
      ),
    );
  } finally {
    bitmap.close();
  }
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("Compression timed out")), ms));
}

/**
 * Re-encodes a photo as JPEG with the tier of its size. Any failure or a run past the timeout keeps the
 * original file (spec 001 §8: "If compression fails, the raw file is used"); so does a result larger than it.
 */
export async function compressPhoto(file: Blob, timeoutMs = COMPRESSION_TIMEOUT_MS): Promise<CompressedPhoto> {
  const original: CompressedPhoto = { blob: file, contentType: file.type, originalBytes: file.size, compressed: false };
  try {
    const blob = await Promise.race([encodeJpeg(file, compressionSettingsFor(file.size)), timeout(timeoutMs)]);
    if (blob.size >= file.size && file.type === "image/jpeg") return original;
    return { blob, contentType: "image/jpeg", originalBytes: file.size, compressed: true };
  } catch {
    return original;
  }
}
