// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { sanitizeHtml } from '../../client/sanitize-html';
import { messageHtml } from './message-html';
import type * as SanitizeModule from '../../client/sanitize-html';

vi.mock('../../client/sanitize-html', async (importOriginal) => {
  const actual = await importOriginal<typeof SanitizeModule>();
  return { sanitizeHtml: vi.fn(actual.sanitizeHtml) };
});

describe('messageHtml', () => {
  it('renders only what the sanitizer keeps', () => {
    const html = messageHtml(
      '<p>Hi <b>there</b><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">link</a><span style="color:red">styled</span></p>',
    );
    expect(html).toContain('<b>there</b>');
    expect(html).not.toMatch(/script|onerror|javascript:|style=/i);
  });

  it('cleans each distinct HTML once, however often its row renders', () => {
    vi.mocked(sanitizeHtml).mockClear();
    for (let i = 0; i < 5; i++) messageHtml('<p>Bulk message 1 of 3.</p>');
    messageHtml('<p>Bulk message 2 of 3.</p>');
    expect(sanitizeHtml).toHaveBeenCalledTimes(2);
  });

  it('forgets the least recently used HTML first once it holds 2,000', () => {
    messageHtml('<p>kept</p>');
    messageHtml('<p>dropped</p>');
    for (let i = 0; i < 1_999; i++) {
      messageHtml(`<p>filler ${i}</p>`);
      // Reading it again keeps it recent.
      if (i % 500 === 0) messageHtml('<p>kept</p>');
    }
    vi.mocked(sanitizeHtml).mockClear();
    messageHtml('<p>kept</p>');
    expect(sanitizeHtml).not.toHaveBeenCalled();
    messageHtml('<p>dropped</p>');
    expect(sanitizeHtml).toHaveBeenCalledTimes(1);
  });
});
