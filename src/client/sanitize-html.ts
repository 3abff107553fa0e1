import DOMPurify from 'dompurify';

/**
 * Server HTML (descriptions, rendered profile fields, messages) is untrusted: strip scripts, event
 * handlers and javascript: URLs before it reaches the DOM, and keep links from opening into this origin.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
