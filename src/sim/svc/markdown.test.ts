import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('the simulator’s Markdown', () => {
  it('renders a known emoji as the server does, and leaves an unknown name as typed', () => {
    expect(renderMarkdown('Lab :test_tube: and :no_such_emoji:')).toBe(
      '<p>Lab <span aria-label="test tube" class="emoji emoji-1f9ea" role="img" title="test tube">:test_tube:</span> and :no_such_emoji:</p>',
    );
  });

  it('keeps emphasis, code and links as before', () => {
    expect(renderMarkdown('**a** `b:c:d` https://x.test/')).toBe(
      '<p><strong>a</strong> <code>b:c:d</code> <a href="https://x.test/">https://x.test/</a></p>',
    );
  });
});
