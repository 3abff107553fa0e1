import { HOME_PATH as HOME, paths } from '../../shared/app-paths';

/** Any origin will do: only whether a `next` resolves onto it matters. */
const PROBE_ORIGIN = 'https://console.invalid';
/** Any Unicode whitespace (space, no-break space, ideographic space, line separator…). */
const SPACE = /\s/u;
/** Decoding more often than this is refused: no console link is encoded that many times over. */
const MAX_DECODES = 4;

/** C0 and C1 controls (tab, newline, NUL, DEL…): URL parsers drop or mangle them, so none is ever followed. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** The text with percent-encoding undone until nothing changes; null when it does not decode, or never settles. */
function decodeFully(text: string): string | null {
  let current = text;
  for (let i = 0; i < MAX_DECODES; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return decoded;
    current = decoded;
  }
  return null;
}

/**
 * Only same-origin console paths are followed after sign-in. A browser strips tabs and newlines while parsing
 * (`/\t/evil.test` becomes `//evil.test`), and a router may decode before it navigates (`/%09/evil.test`), so
 * controls anywhere, whitespace in the path, raw or encoded (at any depth), and backslashes are refused
 * outright rather than reasoned about; what is left must still resolve onto the console's own origin.
 */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.includes('\\') || hasControl(next) || SPACE.test(next)) return HOME;
  const cut = next.search(/[?#]/);
  const path = decodeFully(cut < 0 ? next : next.slice(0, cut));
  const whole = decodeFully(next);
  if (path === null || whole === null || hasControl(whole)) return HOME;
  if (SPACE.test(path) || path.includes('\\') || path.startsWith('//')) return HOME;
  if (next.startsWith(paths.signIn) || path.startsWith(paths.signIn)) return HOME;
  let resolved: URL;
  try {
    resolved = new URL(next, `${PROBE_ORIGIN}${paths.signIn}`);
  } catch {
    return HOME;
  }
  return resolved.origin === PROBE_ORIGIN ? next : HOME;
}
