/** Server-relative URLs (realm icon, auth-method icons) made absolute against the realm's URL. */
export function absoluteUrl(url: string | null | undefined, base: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, base).toString();
  } catch {
    return null;
  }
}
