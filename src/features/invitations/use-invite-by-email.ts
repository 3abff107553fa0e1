import { useState } from 'react';
import { useOpForm } from '../../client/op-form';
import { ApiError } from '../../client/api-error';
import {
  addressResults,
  invitationFailureSchema,
  splitInviteeEmails,
  type AddressResult,
} from '../../shared/svc/invites';
import { useSendInvites, type SendInvitesParams } from './api/send-invites';
import { grantParams, type GrantChoices, type InviteFormOptions } from './invite-grant';

const LOOKS_LIKE_ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface InviteOutcome {
  rows: AddressResult[];
  /** The server's own message when it refused some or all addresses. */
  msg: string | null;
  limitReached: boolean;
}

function emailsProblem(value: string): string | null {
  const addresses = splitInviteeEmails(value);
  if (addresses.length === 0) return 'Enter at least one email address.';
  const bad = addresses.filter((a) => !LOOKS_LIKE_ADDRESS.test(a));
  return bad.length > 0 ? `Not an email address: ${bad.join(', ')}` : null;
}

/** Invite by email's state: the form, the send, and what the last send did address by address. */
export function useInviteByEmail(options: InviteFormOptions, onDraftChange?: (grant: GrantChoices) => void) {
  const send = useSendInvites();
  const [outcome, setOutcome] = useState<InviteOutcome | null>(null);
  const { form } = useOpForm<GrantChoices & { emails: string; notify: boolean; welcome: string }>({
    initialValues: {
      emails: '',
      role: String(options.roles.includes(400) ? 400 : (options.roles[0] ?? 400)),
      channelIds: [],
      groupIds: [],
      includeDefaults: true,
      expiry: String(10 * 24 * 60),
      notify: true,
      welcome: '',
    },
    validate: (values) => ({ emails: emailsProblem(values.emails) }),
    onValuesChange: (values) => onDraftChange?.(values),
  });

  const submit = form.onSubmit((values) => {
    const addresses = splitInviteeEmails(values.emails);
    const params: SendInvitesParams = {
      invitee_emails: addresses.join(', '),
      stream_ids: values.channelIds.map(Number),
      notify_referrer_on_join: values.notify,
      ...grantParams(values, options),
      ...(options.abilities.welcomeMessage.allowed && values.welcome.trim()
        ? { welcome_message_custom_text: values.welcome }
        : {}),
    };
    setOutcome(null);
    send.mutate(params, {
      onSuccess: () => {
        setOutcome({ rows: addressResults(addresses, null), msg: null, limitReached: false });
        form.setFieldValue('emails', '');
      },
      onError: (error) => {
        const failure =
          error instanceof ApiError ? invitationFailureSchema.safeParse(error.envelope) : { success: false as const };
        if (failure.success) {
          setOutcome({
            rows: addressResults(addresses, failure.data),
            msg: failure.data.msg,
            limitReached: failure.data.daily_limit_reached === true || failure.data.license_limit_reached === true,
          });
        }
      },
    });
  });

  const otherError =
    send.error && !(send.error instanceof ApiError && send.error.envelope.code === 'INVITATION_FAILED')
      ? send.error
      : null;

  return { form, submit, send, outcome, otherError };
}
