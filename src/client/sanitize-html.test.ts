// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('server HTML made safe', () => {
  it('shows a Unicode emoji instead of its shortcode, keeping its name', () => {
    const html = sanitizeHtml(
      '<p>Lab <span aria-label="test tube" class="emoji emoji-1f9ea" role="img" title="test tube">:test_tube:</span></p>',
    );
    expect(html).toContain('🧪');
    expect(html).not.toContain(':test_tube:');
    expect(html).toContain('title="test tube"');
  });

  it('joins the code points of a sequence', () => {
    const html = sanitizeHtml('<span class="emoji emoji-1f468-200d-1f4bb" title="technologist">:technologist:</span>');
    expect(html).toContain('\u{1f468}\u200d\u{1f4bb}');
  });

  it('leaves custom emoji images and other spans alone, and still strips scripts', () => {
    const html = sanitizeHtml(
      '<img class="emoji" src="/user_avatars/1/emoji/x.png" alt=":x:"><span class="emoji">:y:</span><script>alert(1)</script>',
    );
    expect(html).toContain('alt=":x:"');
    expect(html).toContain(':y:');
    expect(html).not.toContain('script');
  });
});
