import { z } from 'zod';
import { roleLabel } from './roles';

/**
 * Invitations (GET/POST /invites, /invites/multiuse): the records the server lists and the extra fields of
 * its `INVITATION_FAILED` refusal, which says per address why it was not invited.
 */

/** One pending invitation: by email (`is_multiuse: false`, `email`) or a reusable link (`link_url`). */
export const inviteSchema = z.looseObject({
  id: z.number().int(),
  invited_by_user_id: z.number().int(),
  /** Seconds since the epoch. */
  invited: z.number(),
  /** Seconds since the epoch; null: never expires. */
  expiry_date: z.number().nullable(),
  invited_as: z.number().int(),
  is_multiuse: z.boolean(),
  email: z.string().optional(),
  link_url: z.string().optional(),
  notify_referrer_on_join: z.boolean().optional(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** The roles an invitation can give, most powerful first; only owners may invite owners. */
export const INVITE_ROLES = [100, 200, 300, 400, 600] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export function inviteRoleLabel(role: number): string {
  return roleLabel(role);
}

/** Expiry choices the form offers, in minutes (null: never). */
export const INVITE_EXPIRY_CHOICES: readonly { minutes: number | null; label: string }[] = [
  { minutes: 30, label: '30 minutes' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 3 * 24 * 60, label: '3 days' },
  { minutes: 10 * 24 * 60, label: '10 days' },
  { minutes: 30 * 24 * 60, label: '30 days' },
  { minutes: null, label: 'Never' },
];

/** `[address, reason, deactivated]` for each address that was not invited. */
const inviteErrorRow = z.tuple([z.string(), z.string(), z.boolean()]);

/** The extra fields of the server's `INVITATION_FAILED` refusal. */
export const invitationFailureSchema = z.looseObject({
  code: z.literal('INVITATION_FAILED'),
  msg: z.string(),
  errors: z.array(inviteErrorRow),
  /** True when the addresses not listed in `errors` were invited (a partial success). */
  sent_invitations: z.boolean(),
  license_limit_reached: z.boolean().optional(),
  daily_limit_reached: z.boolean().optional(),
});
export type InvitationFailure = z.infer<typeof invitationFailureSchema>;

export type AddressOutcome = 'invited' | 'already-member' | 'deactivated' | 'invalid' | 'not-sent';

export interface AddressResult {
  address: string;
  outcome: AddressOutcome;
  /** The server's own words for this address, when it named it. */
  reason: string | null;
}

/** Splits the invitation text the server's way: commas or newlines, `Name <address>` reduced to the address. */
export function splitInviteeEmails(raw: string): string[] {
  const seen = new Set<string>();
  for (const part of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(part);
    const address = (named ? named[1]! : part).trim();
    if (address !== '') seen.add(address);
  }
  return [...seen];
}

const ALREADY = /already has an account/i;

/**
 * What happened to each address: on success every address was invited; on an `INVITATION_FAILED` refusal
 * the listed ones were not (deactivated accounts flagged by the server, existing accounts, invalid addresses),
 * and the rest were invited only when `sent_invitations` is true.
 */
export function addressResults(addresses: readonly string[], failure: InvitationFailure | null): AddressResult[] {
  if (!failure) return addresses.map((address) => ({ address, outcome: 'invited', reason: null }));
  const named = new Map(failure.errors.map(([address, reason, deactivated]) => [address, { reason, deactivated }]));
  const rows: AddressResult[] = addresses.map((address) => {
    const error = named.get(address);
    if (!error) return { address, outcome: failure.sent_invitations ? 'invited' : 'not-sent', reason: null };
    named.delete(address);
    const outcome: AddressOutcome = error.deactivated
      ? 'deactivated'
      : ALREADY.test(error.reason)
        ? 'already-member'
        : 'invalid';
    return { address, outcome, reason: error.reason };
  });
  // Addresses the server names that the console split differently still show, as the server wrote them.
  for (const [address, error] of named) {
    rows.push({ address, outcome: error.deactivated ? 'deactivated' : 'invalid', reason: error.reason });
  }
  return rows;
}
