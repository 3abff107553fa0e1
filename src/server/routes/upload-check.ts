import { imageSize } from 'image-size';
import { decodeEmojiImage } from '../../shared/svc/realm-emoji';
import type { SvcOperation } from '../../shared/svc/op';
import type { ParamCheck } from '../../shared/svc/params';

/** image-size's name for each image type the console uploads, by the MIME type the upload declares. */
const DETECTED_NAME: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const LABEL: Readonly<Record<string, string>> = { png: 'PNG', gif: 'GIF', jpg: 'JPEG', webp: 'WebP', svg: 'SVG' };

/** The chat server's own limit on an image's pixels (its decompression-bomb guard): larger ones it refuses. */
export const MAX_IMAGE_PIXELS = 90_000_000;

/**
 * Whether the bytes stop where the image does. A file that carries something after its image's end marker (an
 * HTML page after a PNG's IEND, say) is a polyglot: an image to one reader, something else to another.
 */
function endsWithImage(kind: string, bytes: Uint8Array): boolean {
  const n = bytes.length;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  switch (kind) {
    case 'png':
      // The last chunk is IEND: a zero length, its name, its CRC.
      return n >= 12 && bytes[n - 12] === 0 && bytes[n - 11] === 0 && ascii(n - 8, n - 4) === 'IEND';
    case 'gif':
      return bytes[n - 1] === 0x3b;
    case 'jpg':
      return bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
    case 'webp':
      // The RIFF header's size covers the whole rest of the file.
      return n >= 12 && new DataView(bytes.buffer, bytes.byteOffset, n).getUint32(4, true) + 8 === n;
    default:
      return false;
  }
}

/**
 * Why an image may not be uploaded as it is declared, or null: its magic bytes must be the declared type's (not
 * HTML, SVG or another image type under a PNG label), its dimensions non-zero and within the server's limit,
 * and nothing may follow the image's end.
 */
export function imageUploadProblem(dataUrl: string): string | null {
  const image = decodeEmojiImage(dataUrl);
  if (!image) return 'Choose a PNG, GIF, JPEG or WebP image.';
  const declared = DETECTED_NAME[image.type]!;
  const label = LABEL[declared]!;
  let size: { width: number; height: number; type?: string };
  try {
    size = imageSize(image.bytes);
  } catch {
    return `The file is labelled ${label} but is not an image: its contents are not a PNG, GIF, JPEG or WebP image.`;
  }
  if (size.type !== declared) {
    const found = LABEL[size.type ?? ''] ?? `a ${String(size.type).toUpperCase()} file`;
    return `The file is labelled ${label} but its contents are ${found}. Choose the image itself.`;
  }
  if (!(size.width >= 1 && size.height >= 1)) return `The ${label} image has no width or height.`;
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    return `The image is ${size.width}×${size.height} pixels; the chat server takes at most ${MAX_IMAGE_PIXELS / 1e6} million.`;
  }
  if (!endsWithImage(declared, image.bytes)) {
    return `The file holds more than a ${label} image (data after the image's end), so it is not uploaded.`;
  }
  return null;
}

/** A checked request whose file parameter (see `fileParam`) is also the image it says it is; else refused on that field. */
export function checkUpload(op: Pick<SvcOperation, 'fileParam'>, checked: ParamCheck): ParamCheck {
  if (!checked.ok || !op.fileParam) return checked;
  const value = checked.data[op.fileParam];
  if (typeof value !== 'string') return checked;
  const problem = imageUploadProblem(value);
  return problem ? { ok: false, msg: problem, field: op.fileParam } : checked;
}
