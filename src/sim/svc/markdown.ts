import { UNICODE_EMOJI } from './emoji';

/**
 * Just enough of the server's Markdown for profile fields and descriptions: paragraphs, bullet lists,
 * **bold**, *italic*, `code`, bare links and `:name:` emoji the simulator knows. Output is escaped HTML, like
 * the server's.
 */
export function renderMarkdown(source: string): string {
  const blocks = source
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  return blocks.map(renderBlock).join('\n');
}

function renderBlock(block: string): string {
  const lines = block.split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${paragraph.map(renderInline).join('<br>\n')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (items.length) out.push(`<ul>\n${items.map((i) => `<li>${renderInline(i)}</li>`).join('\n')}\n</ul>`);
    items = [];
  };
  for (const line of lines) {
    const bullet = /^\s*[*-]\s+(.*)$/.exec(line);
    if (bullet) {
      flushParagraph();
      items.push(bullet[1] ?? '');
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return out.join('\n');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function renderInline(text: string): string {
  // Code spans first, so emphasis markers inside them stay literal.
  return escapeHtml(text)
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? `<code>${part.slice(1, -1)}</code>`
        : part
            .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
            .replace(/\*([^*]+)\*/g, '<em>$1</em>')
            .replace(/\bhttps?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
            .replace(/:([a-z0-9_+-]+):/g, emojiSpan),
    )
    .join('');
}

/**
 * A Unicode emoji as the server renders it: a span named by its code points, holding the shortcode for its own
 * web app's sprite sheet to replace. A name it does not know stays as typed.
 */
function emojiSpan(shortcode: string, name: string): string {
  const code = UNICODE_EMOJI.get(name);
  if (!code) return shortcode;
  const words = name.replaceAll('_', ' ');
  return `<span aria-label="${words}" class="emoji emoji-${code}" role="img" title="${words}">${shortcode}</span>`;
}
