import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseCoding, compressJson, CompressedAnswers } from './compress-json';

describe('chooseCoding', () => {
  it('prefers br, then gzip, and respects a refusal (q=0)', () => {
    expect(chooseCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseCoding('gzip, deflate')).toBe('gzip');
    expect(chooseCoding('GZIP;q=0.5')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip;q=1')).toBe('gzip');
    expect(chooseCoding('br;q=0.0')).toBeNull();
    expect(chooseCoding('identity')).toBeNull();
    expect(chooseCoding('')).toBeNull();
    expect(chooseCoding(undefined)).toBeNull();
  });
});

describe('compressJson', () => {
  const json = JSON.stringify({
    members: Array.from({ length: 500 }, (_, i) => ({ user_id: i, full_name: `Zoë ${i}` })),
  });

  it('gives bytes that decode back to the same text, much smaller', async () => {
    const br = await compressJson(json, 'br');
    const gz = await compressJson(json, 'gzip');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(json);
    expect(gunzipSync(gz).toString('utf8')).toBe(json);
    expect(br.byteLength).toBeLessThan(json.length / 5);
    expect(gz.byteLength).toBeLessThan(json.length / 5);
  });

  it('gives the whole text back when it compresses too little to fit one output chunk', async () => {
    // Random hex compresses about twofold: more output than the quarter of the input one chunk holds.
    const hex = Array.from({ length: 64 * 1024 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
    const text = JSON.stringify({ blob: hex });
    expect(brotliDecompressSync(await compressJson(text, 'br')).toString('utf8')).toBe(text);
    expect(gunzipSync(await compressJson(text, 'gzip')).toString('utf8')).toBe(text);
  });
});

describe('CompressedAnswers', () => {
  const text = (n: number) => JSON.stringify({ members: Array.from({ length: n }, (_, i) => ({ user_id: i })) });
  const bytes = (n: number) => new TextEncoder().encode(text(n));

  it('compresses the same answer once per coding, and gives the same bytes again', async () => {
    const answers = new CompressedAnswers();
    const first = answers.compress(bytes(400), 'br', 'd1');
    expect(answers.compress(bytes(400), 'br', 'd1')).toBe(first);
    expect(brotliDecompressSync(await first).toString('utf8')).toBe(text(400));
    const gz = answers.compress(bytes(400), 'gzip', 'd1');
    expect(gz).not.toBe(first);
    expect(gunzipSync(await gz).toString('utf8')).toBe(text(400));
  });

  it('lets the least recently used go when over its byte or entry bound', async () => {
    const one = (await compressJson(bytes(400), 'br')).byteLength;
    const answers = new CompressedAnswers(2.5 * one, 3);
    const a = answers.compress(bytes(400), 'br', 'a');
    await a;
    const b = answers.compress(bytes(400), 'br', 'b');
    await b;
    expect(answers.compress(bytes(400), 'br', 'a')).toBe(a); // a is now the most recently used
    await answers.compress(bytes(400), 'br', 'c'); // over the byte bound: b goes
    expect(answers.compress(bytes(400), 'br', 'a')).toBe(a);
    expect(answers.compress(bytes(400), 'br', 'b')).not.toBe(b);
  });
});
