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
  // zlib hands each filled output chunk back to the event loop before it goes on, so with the default 16 KB a
  // busy event loop (checking this same answer) would stall the compression; JSON compresses more than
  // fourfold, so a quarter of the input is room for all of it in one pass on zlib's thread.
  const chunkSize = Math.max(constants.Z_DEFAULT_CHUNK, Math.ceil(size / 4));
  const out =
    coding === 'br'
      ? await brotli(json, {
          chunkSize,
          params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_SIZE_HINT]: size },
        })
      : await gz(json, { level: 1, chunkSize });
  // zlib's output is never a SharedArrayBuffer; a view, not a copy, in the type a Response body takes.
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/**
 * Compressed answers by their coding and the digest of their bytes (svc-upstream.ts), least recently used
 * first out: the same answer again (a reload of the 10,000-user list) goes out without being compressed again,
 * which for that list is about 40 ms of a zlib thread. Bounded in bytes and in entries.
 */
export class CompressedAnswers {
  private readonly entries = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  /** Sizes of the entries whose compression has finished (in flight ones are not counted yet). */
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly maxBytes = 16 * 1024 * 1024,
    private readonly maxEntries = 128,
  ) {}

  compress(bytes: Uint8Array, coding: ContentCoding, digest: string): Promise<Uint8Array<ArrayBuffer>> {
    const key = `${coding} ${digest}`;
    const known = this.entries.get(key);
    if (known) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const work = compressJson(bytes, coding);
    this.entries.set(key, work);
    work.then(
      (out) => {
        if (this.entries.get(key) !== work) return;
        this.sizes.set(key, out.byteLength);
        this.total += out.byteLength;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === work) this.entries.delete(key);
      },
    );
    this.evict();
    return work;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes && this.entries.size <= this.maxEntries) return;
      const size = this.sizes.get(key);
      // One still in flight stays (its caller waits for it) unless only the entry count is over.
      if (size === undefined && this.total > this.maxBytes) continue;
      this.entries.delete(key);
      this.sizes.delete(key);
      this.total -= size ?? 0;
    }
  }
}
