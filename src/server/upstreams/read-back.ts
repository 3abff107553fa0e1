import { svcOps } from '../../shared/svc/catalog';
import { bffErrorCodes } from '../../shared/svc/envelope';
import type { AuditResult } from '../store/audit-log';
import type { SvcCredentials, SvcUpstream, UpstreamRefusal } from './svc-upstream';

/**
 * A change whose answer never came (the connection dropped or timed out after the request left, or the
 * answer was unreadable) may or may not have been made. It is not "failed": it is unknown until the user is
 * read back.
 */
export function mayHaveReachedServer(error: UpstreamRefusal): boolean {
  return (
    error.envelope.code === bffErrorCodes.upstreamUnavailable || error.envelope.code === bffErrorCodes.upstreamInvalid
  );
}

/**
 * What a user change should have left behind: activity and role as `GET /users/{id}` shows them; channel
 * membership as each channel's subscriber list shows it (by channel name).
 */
export type ExpectedUserState =
  { isActive: boolean } | { role: number } | { subscribed: boolean; channels: readonly string[] };

export type ReadBack = 'confirmed' | 'not_applied' | 'unreadable';

/** Reads the user back and says whether the change is there. */
export async function readBackUser(
  svc: SvcUpstream,
  creds: SvcCredentials,
  userId: number,
  expected: ExpectedUserState,
): Promise<ReadBack> {
  try {
    if ('channels' in expected) return await readBackMembership(svc, creds, userId, expected);
    const { user } = await svc.call(svcOps.getUser, { user_id: userId }, creds);
    const made = 'isActive' in expected ? user.is_active === expected.isActive : user.role === expected.role;
    return made ? 'confirmed' : 'not_applied';
  } catch {
    return 'unreadable';
  }
}

/** Confirmed when every channel shows the change, not applied when none does; anything between is unknown. */
async function readBackMembership(
  svc: SvcUpstream,
  creds: SvcCredentials,
  userId: number,
  expected: { subscribed: boolean; channels: readonly string[] },
): Promise<ReadBack> {
  const { streams } = await svc.call(svcOps.getStreams, { include_all: true }, creds);
  let changed = 0;
  for (const name of expected.channels) {
    const channel = streams.find((s) => s.name === name);
    if (!channel) return 'unreadable';
    const { subscribers } = await svc.call(svcOps.getChannelSubscribers, { stream_id: channel.stream_id }, creds);
    if (subscribers.includes(userId) === expected.subscribed) changed++;
  }
  if (changed === expected.channels.length) return 'confirmed';
  return changed === 0 ? 'not_applied' : 'unreadable';
}

/** The audit's words for each: "unknown → confirmed", "unknown → not applied", or still unknown. */
export function auditResultOfReadBack(readBack: ReadBack, lost: UpstreamRefusal): AuditResult {
  switch (readBack) {
    case 'confirmed':
      return {
        outcome: 'success',
        confirmed: {
          code: bffErrorCodes.answerLost,
          msg: 'unknown → confirmed: the answer was lost; reading the user back shows the change was made.',
        },
      };
    case 'not_applied':
      return {
        outcome: 'error',
        code: NOT_APPLIED,
        msg: 'unknown → not applied: the answer was lost; reading the user back shows no change.',
      };
    case 'unreadable':
      return { outcome: 'unknown', code: lost.envelope.code, msg: `unknown: ${lost.envelope.msg}` };
  }
}

export const NOT_APPLIED = bffErrorCodes.notApplied;

/** The user state a catalogued user change leaves behind, when it is one the console can read back. */
export function expectedUserStateOf(
  opId: string,
  params: Record<string, unknown>,
): { userId: number; expected: ExpectedUserState } | null {
  const userId = params.user_id;
  if (typeof userId !== 'number') return null;
  if (opId === svcOps.deactivateUser.id) return { userId, expected: { isActive: false } };
  if (opId === svcOps.reactivateUser.id) return { userId, expected: { isActive: true } };
  if (opId === svcOps.updateUser.id && typeof params.role === 'number') {
    return { userId, expected: { role: params.role } };
  }
  return null;
}
