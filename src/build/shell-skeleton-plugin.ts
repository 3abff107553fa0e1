import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const ROOT = '<div id="root"></div>';

/**
 * Puts the console's loading frame (shell-skeleton.html: markup and its inline style, one source for both
 * pages) right after each page's #root, so it paints with the HTML, before any script. index.html shows it
 * from the start (its <body> has the `console-loading` class); the sign-in page only once it hands over to the
 * console (sign-in-main.tsx adds the class).
 */
export function shellSkeleton(file: string): Plugin {
  return {
    name: 'realm-console:shell-skeleton',
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error(`shell skeleton: the page has no ${ROOT}`);
      // The source's comment and indentation are for people; every page load carries what is left.
      const skeleton = readFileSync(file, 'utf8')
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      return html.replace(ROOT, `${ROOT}\n    ${skeleton}`);
    },
  };
}
