import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditLog } from '../store';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from '../test-support/test-bff';
import { imageUploadProblem } from './upload-check';

afterEach(closeTestBffs);

const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A baseline JPEG's markers: SOI, a JFIF APP0 segment, a SOF0 segment naming 2×3 pixels, EOI. */
const JPEG_BYTES = Buffer.from([
  ...[0xff, 0xd8],
  ...[0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
  ...[0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x03, 0x00, 0x02, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01],
  ...[0xff, 0xd9],
]);

/** An extended WebP header (VP8X) naming 4×5 pixels, its RIFF size covering the file. */
function webp(width = 4, height = 5): Buffer {
  const out = Buffer.alloc(30);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(22, 4);
  out.write('WEBPVP8X', 8, 'ascii');
  out.writeUInt32LE(10, 16);
  out.writeUIntLE(width - 1, 24, 3);
  out.writeUIntLE(height - 1, 27, 3);
  return out;
}

/** The PNG with its IHDR width and height replaced. */
function pngSized(width: number, height: number): Buffer {
  const out = Buffer.from(PNG_BYTES);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  return out;
}

const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const HTML = '<!doctype html><html><script>alert(document.cookie)</script></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>';

const accepted: [string, string][] = [
  ['a PNG', dataUrl('image/png', PNG_BYTES)],
  ['a GIF', dataUrl('image/gif', GIF_BYTES)],
  ['a JPEG', dataUrl('image/jpeg', JPEG_BYTES)],
  ['a WebP', dataUrl('image/webp', webp())],
];

const refused: [string, string, RegExp][] = [
  ['HTML labelled PNG', dataUrl('image/png', HTML), /labelled PNG but is not an image/],
  ['SVG labelled PNG', dataUrl('image/png', SVG), /labelled PNG but its contents are SVG/],
  ['a GIF/HTML polyglot labelled PNG', dataUrl('image/png', Buffer.concat([GIF_BYTES, Buffer.from(HTML)])), /are GIF/],
  [
    'a PNG with HTML after its end',
    dataUrl('image/png', Buffer.concat([PNG_BYTES, Buffer.from(HTML)])),
    /after the image's end/,
  ],
  [
    'a GIF with HTML after its end',
    dataUrl('image/gif', Buffer.concat([GIF_BYTES, Buffer.from(HTML)])),
    /after the image's end/,
  ],
  ['a PNG labelled GIF', dataUrl('image/gif', PNG_BYTES), /labelled GIF but its contents are PNG/],
  ['a JPEG labelled WebP', dataUrl('image/webp', JPEG_BYTES), /labelled WebP but its contents are JPEG/],
  ['a PNG of no width', dataUrl('image/png', pngSized(0, 1)), /no width or height/],
  ['a PNG past the server’s pixel limit', dataUrl('image/png', pngSized(20_000, 20_000)), /20000×20000 pixels/],
  [
    'a WebP whose RIFF size is not the file’s',
    dataUrl('image/webp', Buffer.concat([webp(), Buffer.from(HTML)])),
    /after the image's end/,
  ],
];

describe('imageUploadProblem', () => {
  it.each(accepted)('accepts %s', (_what, url) => {
    expect(imageUploadProblem(url)).toBeNull();
  });

  it.each(refused)('refuses %s, saying why', (_what, url, reason) => {
    expect(imageUploadProblem(url)).toMatch(reason);
  });
});

describe('custom emoji uploads through the BFF', () => {
  function post(cookie: string, name: string, file: string) {
    return consoleRequest(`/bff/svc/realm/emoji/${name}`, cookie, {
      method: 'POST',
      body: new URLSearchParams({ file }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  it.each(refused)('%s: 400 on the file field, nothing sent upstream or audited', async (_what, url, reason) => {
    const audit = new MemoryAuditLog();
    const h = createTestBff({ sim: { generatedUsers: 0 }, deps: { audit } });
    const cookie = await signIn(h, 'admin@demo.test');
    const before = audit.all.length;
    const res = await h.app.request(post(cookie, 'sneaky', url));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; field: string; msg: string };
    expect(body).toMatchObject({ code: 'INVALID_PARAMS', field: 'file' });
    expect(body.msg).toMatch(reason);
    expect(h.apiCalls().some((r) => r.url.pathname.includes('/realm/emoji'))).toBe(false);
    expect(audit.all.length).toBe(before);
    expect([...h.sim.store.realmEmoji.values()].some((e) => e.name === 'sneaky')).toBe(false);
  });

  it.each(accepted)('%s goes through', async (_what, url) => {
    const h = createTestBff({ sim: { generatedUsers: 0 } });
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(post(cookie, 'fine', url));
    expect(res.status).toBe(200);
  });
});
