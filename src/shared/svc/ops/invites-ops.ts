import { z } from 'zod';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { inviteSchema, INVITE_ROLES } from '../invites';
import { FEATURE_LEVELS } from '../features';
import { op } from '../op';

const inviteId = z.number().int().positive();
const ids = z.array(z.number().int().positive());
const inviteAs = z.union(INVITE_ROLES.map((r) => z.literal(r)));
/** What Welcome Bot says to the new member (level 416; without it, the organization's own welcome message). */
const welcomeText = z.string().max(8000, 'welcome_message_custom_text is too long (limit: 8000 characters)');
/** Minutes until the invitation expires; null: never. */
const expiresIn = z.number().int().min(0).nullable().optional();

/** What a new member gets from an invitation, by email or by link. */
const grantShape = {
  invite_as: inviteAs.optional(),
  invite_expires_in_minutes: expiresIn,
  group_ids: ids.optional(),
  include_realm_default_subscriptions: z.boolean().optional(),
};

/** Invitation operations (GET/POST /invites, /invites/multiuse, resend and revoke). */
export const invitesOps = {
  getInvites: op({
    id: 'getInvites',
    method: 'GET',
    path: '/invites',
    params: () => z.strictObject({}),
    /** The caller's own invitations; administrators see everyone's. */
    response: () => successSchema({ invites: z.array(inviteSchema) }),
  }),
  sendInvites: op({
    id: 'sendInvites',
    method: 'POST',
    path: '/invites',
    params: () =>
      z.strictObject({
        /** Addresses separated by commas or newlines. */
        invitee_emails: z.string().trim().min(1, 'You must specify at least one email address.').max(20_000),
        stream_ids: ids,
        notify_referrer_on_join: z.boolean().optional(),
        welcome_message_custom_text: welcomeText.optional(),
        ...grantShape,
      }),
    response: () => simpleSuccessSchema,
  }),
  createInviteLink: op({
    id: 'createInviteLink',
    method: 'POST',
    path: '/invites/multiuse',
    paramLevels: { welcome_message_custom_text: FEATURE_LEVELS.inviteWelcomeMessage },
    params: () =>
      z.strictObject({
        stream_ids: ids.optional(),
        welcome_message_custom_text: welcomeText.optional(),
        ...grantShape,
      }),
    response: () => successSchema({ invite_link: z.string() }),
  }),
  resendInvite: op({
    id: 'resendInvite',
    method: 'POST',
    path: '/invites/{invite_id}/resend',
    params: () => z.strictObject({ invite_id: inviteId }),
    response: () => simpleSuccessSchema,
  }),
  revokeInvite: op({
    id: 'revokeInvite',
    method: 'DELETE',
    path: '/invites/{invite_id}',
    params: () => z.strictObject({ invite_id: inviteId }),
    response: () => simpleSuccessSchema,
  }),
  revokeInviteLink: op({
    id: 'revokeInviteLink',
    method: 'DELETE',
    path: '/invites/multiuse/{invite_id}',
    params: () => z.strictObject({ invite_id: inviteId }),
    response: () => simpleSuccessSchema,
  }),
} as const;
