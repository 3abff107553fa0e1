/**
 * `prev_content_sha256`: the hex SHA-256 of the exact raw content an editor started from (UTF-8), so the
 * server can refuse an edit made on top of content someone else has since changed. Web Crypto exists in
 * browsers and in Node, so the SPA and the simulator hash identically.
 */
export async function contentSha256(content: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
