import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Smaller answers go as they are: compressing them saves less time on the wire than it costs. */
export const COMPRESS_FROM_BYTES = 16 * 1024;

export type ContentCoding = 'br' | 'gzip';

/**
 * The coding for an answer to a request that sent `acceptEncoding`: br where accepted (smaller, and no slower
 * at these levels; browsers offer it over HTTPS), else gzip, else none. A coding listed with q=0 is refused.
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses an upstream answer for the browser, off the event loop (zlib's thread pool), at fast levels: a
 * 10,000-user list is about 5 MB of JSON, several seconds on a slow link, and compresses about tenfold.
 */
export async function compressJson(json: string | Uint8Array, coding: ContentCoding): Promise<Uint8Array<ArrayBuffer>> {
  const size = typeof json === 'string' ? Buffer.byteLength(json) : json.byteLength;
  const out =
    coding === 'br'
      ? await brotli(json, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_SIZE_HINT]: size },
        })
      : await gz(json, { level: 1 });
  // zlib's output is never a SharedArrayBuffer; a view, not a copy, in the type a Response body takes.
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}
