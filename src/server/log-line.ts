/**
 * A log line is one line: control characters (C0, DEL, C1, and the Unicode line and paragraph separators)
 * inside it are written as escapes, so a value that reaches a line (a name, a path) cannot end it and forge
 * the next one. Backslashes are escaped too, so an escape in the output always means one in the input.
 */
export function escapeLogLine(line: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point.
  return line.replace(/[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => {
    if (ch === '\\') return '\\\\';
    if (ch === '\n') return '\\n';
    if (ch === '\r') return '\\r';
    if (ch === '\t') return '\\t';
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** What is said of an error in a log line: its class, and a SQLSTATE when a driver gave one; never its text. */
export function describeErrorForLog(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = sqlState(error) ?? sqlState(error.cause);
  return code ? `${error.name} (sqlstate ${code})` : error.name;
}

function sqlState(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return sqlState((error as { cause?: unknown }).cause);
}
