import { sanitizeHtml } from '../../client/sanitize-html';

/**
 * A light preview of a snippet's Markdown: the text is escaped first, then a few common forms are
 * formatted (bold, italic, inline code, links to http(s), `#channel` mentions kept as text, list items,
 * paragraphs). The server's renderer is richer; this only helps while writing. The result is sanitized.
 */
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function inline(text: string): string {
  return text
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2" rel="noopener noreferrer" target="_blank">$1</a>');
}

export function markdownPreviewHtml(markdown: string): string {
  const blocks = escapeHtml(markdown.replace(/\r\n?/g, '\n')).split(/\n{2,}/);
  const html = blocks
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => /^\s*[-*] /.test(line))) {
        return `<ul>${lines.map((line) => `<li>${inline(line.replace(/^\s*[-*] /, ''))}</li>`).join('')}</ul>`;
      }
      return `<p>${lines.map(inline).join('<br>')}</p>`;
    })
    .join('');
  return sanitizeHtml(html);
}
