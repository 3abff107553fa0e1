/**
 * The one browser behaviour component tests need from cookies: keep what the console server sets for its own
 * origin (the session cookie is HttpOnly, so the page cannot) and send it back. One origin, one path (`/`).
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Applies one `Set-Cookie` line: a cookie with `Max-Age=0` or a past `Expires` is removed. */
  store(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const expired = attributes.some((attribute) => {
      const [key = '', val = ''] = attribute.split('=');
      const lower = key.trim().toLowerCase();
      if (lower === 'max-age') return Number(val) <= 0;
      if (lower === 'expires') return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  /** The `Cookie` header to send, or null when the jar is empty. */
  header(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clear(): void {
    this.cookies.clear();
  }
}
