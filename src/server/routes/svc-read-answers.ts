import {
  chooseCoding,
  compressJson,
  COMPRESS_FROM_BYTES,
  CompressedAnswers,
  type ContentCoding,
} from './compress-json';
import { securedHeaders, securedResponse, type SecuredHeaders } from '../middleware/security-headers';
import type { RawUpstreamResponse } from '../upstreams/svc-upstream';

// A read's coding depends on the request's Accept-Encoding, compressed or not.
const UPSTREAM_READ = {
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
  vary: 'accept-encoding',
};
const UPSTREAM_JSON_SECURED = securedHeaders(UPSTREAM_READ);
const UPSTREAM_JSON_CODED: Record<ContentCoding, SecuredHeaders> = {
  br: securedHeaders({ ...UPSTREAM_READ, 'content-encoding': 'br' }),
  gzip: securedHeaders({ ...UPSTREAM_READ, 'content-encoding': 'gzip' }),
};

/**
 * How `/bff/svc` reads go to the browser: the upstream's own checked bytes, compressed when large and the
 * browser accepts it, with compressed answers kept by digest (the same answer again goes out without being
 * compressed again; see CompressedAnswers). One per app.
 */
export class SvcReadAnswers {
  private readonly cache = new CompressedAnswers();

  /** One read: its compression starts while the answer is checked (`beforeCheck`) and is used only if it passes. */
  start(acceptEncoding: string | undefined): SvcReadAnswer {
    return new SvcReadAnswer(this.cache, acceptEncoding);
  }
}

export class SvcReadAnswer {
  private compressed: { coding: ContentCoding; bytes: Promise<Uint8Array<ArrayBuffer>> } | null = null;

  constructor(
    private readonly cache: CompressedAnswers,
    private readonly acceptEncoding: string | undefined,
  ) {}

  /**
   * A large read is compressed on zlib's threads while the event loop checks it (for a 10,000-user list each
   * takes tens of milliseconds).
   */
  readonly beforeCheck = (bytes: Uint8Array<ArrayBuffer>, digest: string | undefined): void => {
    if (bytes.byteLength < COMPRESS_FROM_BYTES) return;
    const coding = chooseCoding(this.acceptEncoding);
    if (!coding) return;
    this.compressed = {
      coding,
      bytes: digest ? this.cache.compress(bytes, coding, digest) : compressJson(bytes, coding),
    };
  };

  /** The answer to the browser: the upstream's own bytes (checked, not re-encoded), compressed when started. */
  async respond(upstream: RawUpstreamResponse): Promise<Response> {
    if (upstream.salvaged) this.discard();
    else if (this.compressed) {
      const { coding, bytes } = this.compressed;
      return securedResponse(await bytes, upstream.status, UPSTREAM_JSON_CODED[coding]);
    }
    return securedResponse(upstream.bytes, upstream.status, UPSTREAM_JSON_SECURED);
  }

  /** A check that failed leaves its compression unused; it must not end as an unhandled rejection. */
  discard(): void {
    void this.compressed?.bytes.catch(() => undefined);
  }
}
