// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownPreviewHtml } from './markdown-preview';

describe('markdownPreviewHtml', () => {
  it('formats a little Markdown', () => {
    expect(markdownPreviewHtml('Hello **team**, see `code`')).toBe(
      '<p>Hello <strong>team</strong>, see <code>code</code></p>',
    );
    expect(markdownPreviewHtml('- a\n- b')).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('never lets HTML through', () => {
    expect(markdownPreviewHtml('<img src=x onerror=alert(1)>')).not.toContain('<img');
    expect(markdownPreviewHtml('[x](javascript:alert(1))')).not.toContain('href');
  });
});
