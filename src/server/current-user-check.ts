import { svcOps } from '../shared/svc/catalog';
import { accountStateCode, isDeadKeyRefusal } from './upstreams/dead-key';
import type { EventHub } from './event-hub';
import { endSessionForDeadKey } from './session-end';
import type { Session, SessionStore } from './session-store';
import { UpstreamRefusal, type SvcUpstream } from './upstreams/svc-upstream';

/** How long a session's role, as the chat server last confirmed it, is trusted for a console-owned admin read. */
export const CURRENT_USER_TTL_MS = 30_000;

export type CurrentUserVerdict =
  | { status: 'current'; session: Session }
  /** The server refused the key: the session is over (and was ended everywhere). */
  | { status: 'ended'; code: string; msg: string }
  /** The server could not be asked: nothing is decided on a role nobody could confirm. */
  | { status: 'unconfirmed'; refusal: UpstreamRefusal };

interface Deps {
  svc: SvcUpstream;
  sessions: SessionStore;
  hub: EventHub;
  now: () => number;
  log: (level: 'info' | 'warn' | 'error', line: string) => void;
}

/**
 * The role captured at sign-in goes stale the moment an owner demotes or deactivates the user upstream. The
 * console's own admin routes (proxy, audit, bulk, webhooks) act with the console's powers rather than the
 * user's key, so the chat server never gets to refuse them: this asks it (`GET /users/me` with the session's
 * own key) at most every CURRENT_USER_TTL_MS per session, and always before a change.
 */
export class CurrentUserCheck {
  private readonly confirmedAt = new Map<string, number>();
  /** Checks in flight per session, shared by requests that arrive together. */
  private readonly pending = new Map<string, Promise<CurrentUserVerdict>>();

  constructor(private readonly deps: Deps) {}

  async check(session: Session, options: { fresh: boolean }): Promise<CurrentUserVerdict> {
    const at = this.confirmedAt.get(session.id);
    const now = this.deps.now();
    if (!options.fresh && at !== undefined && now >= at && now - at < CURRENT_USER_TTL_MS) {
      return { status: 'current', session };
    }
    const inFlight = this.pending.get(session.id);
    if (inFlight) return inFlight;
    const asking = this.ask(session).finally(() => this.pending.delete(session.id));
    this.pending.set(session.id, asking);
    return asking;
  }

  /** What this process knew about the session no longer holds (a role event, an ended session). */
  forget(sessionId: string): void {
    this.confirmedAt.delete(sessionId);
  }

  private async ask(session: Session): Promise<CurrentUserVerdict> {
    const askedAt = this.deps.now();
    try {
      const me = await this.deps.svc.call(svcOps.getOwnUser, {}, { email: session.apiEmail, apiKey: session.apiKey });
      const patch = { role: me.role, fullName: me.full_name, avatarUrl: me.avatar_url ?? null };
      if (patch.role !== session.role || patch.fullName !== session.fullName || patch.avatarUrl !== session.avatarUrl) {
        await this.deps.sessions.update(session.id, patch);
      }
      this.remember(session.id, askedAt);
      return { status: 'current', session: { ...session, ...patch } };
    } catch (error) {
      this.forget(session.id);
      if (isDeadKeyRefusal(error)) {
        await endSessionForDeadKey(this.deps, session, accountStateCode(error.envelope));
        return { status: 'ended', code: error.envelope.code, msg: error.envelope.msg };
      }
      if (error instanceof UpstreamRefusal) return { status: 'unconfirmed', refusal: error };
      throw error;
    }
  }

  private remember(sessionId: string, at: number): void {
    this.confirmedAt.delete(sessionId);
    this.confirmedAt.set(sessionId, at);
    // Oldest first (Map keeps insertion order): a bound, not a policy; an evicted session is simply asked again.
    if (this.confirmedAt.size > 10_000) this.confirmedAt.delete(this.confirmedAt.keys().next().value!);
  }
}
