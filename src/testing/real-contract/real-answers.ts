import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What `scripts/record-real.ts` recorded from a real Zulip server, one answer per recipe. */
export interface RecordedAnswers {
  server: { version: string; featureLevel: number };
  answers: { name: string; op: string; status: number; body: Record<string, unknown> }[];
}

export const ANSWERS_FILE = fileURLToPath(new URL('./real-answers.json', import.meta.url));

export function readRecordedAnswers(): RecordedAnswers {
  return JSON.parse(readFileSync(ANSWERS_FILE, 'utf8')) as RecordedAnswers;
}
