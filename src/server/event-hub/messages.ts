import type { RegisteredMessage, ResyncMessage, StateMessage } from '../../shared/events/bff-stream';
import type { SvcEventBase } from '../../shared/events/svc-events';

export type ResyncReason = ResyncMessage['reason'];

/** Why the hub closes a session's streams. */
export type CloseReason = 'signed-out' | 'session-ended' | 'idle' | 'hub-closed';

/**
 * What the hub hands each connection of a session, in order. `svc`, `resync` and `registered` carry the session's
 * stream id (`<generation>:<seq>`); `state` is not part of the sequence, except that the first one of a
 * connection carries the current position, so even a tab that has seen no event yet resumes from a known
 * point (and learns of a restart) when it reconnects; `closed` ends the connection.
 */
export type HubMessage =
  | { type: 'svc'; id: string; event: SvcEventBase }
  | { type: 'resync'; id: string; reason: ResyncReason }
  | { type: 'registered'; id: string; registered: RegisteredMessage }
  | { type: 'state'; state: StateMessage; id?: string }
  | { type: 'closed'; reason: CloseReason };

export type HubListener = (message: HubMessage) => void;

/**
 * Stream ids name the generation (one per SessionQueue, i.e. per upstream-queue lifetime in this process)
 * and the seq within it, so an id from a previous generation — after an idle reap or a BFF restart — is
 * recognised instead of being mistaken for a position in the new sequence.
 */
export function formatStreamId(generation: string, seq: number): string {
  return `${generation}:${seq}`;
}

export function parseStreamId(id: string): { generation: string; seq: number } | null {
  const at = id.lastIndexOf(':');
  if (at <= 0) return null;
  const seqText = id.slice(at + 1);
  if (!/^\d{1,15}$/.test(seqText)) return null;
  return { generation: id.slice(0, at), seq: Number(seqText) };
}
