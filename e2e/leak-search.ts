import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A secret the credential-leak specs look for, and how to name it in a finding. */
export interface Secret {
  name: string;
  value: string;
}

/** Every file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** "<secret> in <where>" for each secret found in the text or bytes. */
export function leaksIn(where: string, data: string | Buffer, secrets: readonly Secret[]): string[] {
  const haystack = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return secrets.filter((s) => haystack.includes(Buffer.from(s.value, 'utf8'))).map((s) => `${s.name} in ${where}`);
}
