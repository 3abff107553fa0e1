/** Only same-origin console paths are followed after sign-in (no `//host` or absolute URLs). */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/users';
  if (next.startsWith('/sign-in')) return '/users';
  return next;
}
