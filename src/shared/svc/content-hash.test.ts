import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSha256 } from './content-hash';

describe('contentSha256', () => {
  it('is the hex SHA-256 of the UTF-8 text, as the server computes it', async () => {
    expect(await contentSha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (const text of ['hello', 'Grüße **world** 😀\nline two', ' trailing space ']) {
      expect(await contentSha256(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
  it('tells apart texts that differ only in whitespace', async () => {
    expect(await contentSha256('a b')).not.toBe(await contentSha256('a  b'));
  });
});
