import type { ServerInfo } from '../../shared/bff/protocol';
import { svcOps } from '../../shared/svc/catalog';
import { featureLevelOf, versionOf } from '../../shared/svc/features';
import type { ServerSettings } from '../../shared/svc/records';
import { UpstreamRefusal, type SvcUpstream } from './svc-upstream';
import { absoluteUrl } from '../../shared/svc/urls';

export function toServerInfo(s: ServerSettings, svcUrl: string): ServerInfo {
  const base = s.realm_url ?? s.realm_uri ?? svcUrl;
  return {
    realmName: s.realm_name ?? 'Chat server',
    realmIcon: absoluteUrl(s.realm_icon, base),
    realmDescription: s.realm_description ?? '',
    realmUrl: s.realm_url ?? s.realm_uri ?? null,
    version: versionOf(s),
    featureLevel: featureLevelOf(s),
    isIncompatible: s.is_incompatible ?? false,
    emailAuthEnabled: s.email_auth_enabled ?? false,
    passwordAuth: s.authentication_methods?.password ?? s.email_auth_enabled ?? true,
    requireEmailFormatUsernames: s.require_email_format_usernames ?? true,
    externalAuthMethods: (s.external_authentication_methods ?? []).map((m) => ({
      name: m.name,
      displayName: m.display_name,
    })),
    pushNotificationsEnabled: s.push_notifications_enabled ?? false,
  };
}

/** Server settings change rarely; one short-lived cached copy serves every sign-in page. */
export function createServerInfoCache(svc: SvcUpstream, svcUrl: string, ttlMs = 30_000, now = () => Date.now()) {
  let cached: { at: number; info: ServerInfo } | null = null;
  return {
    async get(): Promise<{ info: ServerInfo | null; error: string | null }> {
      if (cached && now() - cached.at < ttlMs) return { info: cached.info, error: null };
      try {
        const settings = await svc.call(svcOps.getServerSettings, {}, null);
        cached = { at: now(), info: toServerInfo(settings, svcUrl) };
        return { info: cached.info, error: null };
      } catch (error) {
        return { info: null, error: error instanceof UpstreamRefusal ? error.envelope.msg : 'Unknown error.' };
      }
    },
    /**
     * The cached summary whatever its age, without waiting for the server (null before the first read); a stale
     * one is read again in the background. For the sign-in page's HTML, which must not wait for the chat server.
     */
    peek(): ServerInfo | null {
      if (cached && now() - cached.at >= ttlMs) void this.get();
      return cached?.info ?? null;
    },
    clear() {
      cached = null;
    },
  };
}
export type ServerInfoCache = ReturnType<typeof createServerInfoCache>;
