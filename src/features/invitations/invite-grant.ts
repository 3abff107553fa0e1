import type { Channel } from '../../shared/svc/channels';
import { INVITE_EXPIRY_CHOICES, type InviteRole } from '../../shared/svc/invites';
import type { Ability } from './permissions';

export interface GrantChoices {
  role: string;
  channelIds: string[];
  groupIds: string[];
  includeDefaults: boolean;
  expiry: string;
}

export interface InviteFormOptions {
  roles: readonly InviteRole[];
  channels: readonly Channel[];
  groups: readonly { id: number; name: string }[];
  abilities: { groups: Ability; includeDefaults: Ability; welcomeMessage: Ability };
}

/** Expiry choices as select options; the value is minutes, or "never". */
export const expiryOptions = INVITE_EXPIRY_CHOICES.map((c) => ({
  value: c.minutes === null ? 'never' : String(c.minutes),
  label: c.label,
}));

export function expiryMinutes(value: string): number | null {
  return value === 'never' ? null : Number(value);
}

/** The grant fields both invitation forms share, as request parameters. */
export function grantParams(values: GrantChoices, options: InviteFormOptions) {
  return {
    invite_as: Number(values.role) as InviteRole,
    invite_expires_in_minutes: expiryMinutes(values.expiry),
    ...(options.abilities.groups.allowed ? { group_ids: values.groupIds.map(Number) } : {}),
    ...(options.abilities.includeDefaults.allowed
      ? { include_realm_default_subscriptions: values.includeDefaults }
      : {}),
  };
}
