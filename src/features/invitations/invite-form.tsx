import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { type GetInputPropsReturnType } from '@mantine/form';
import { useOpForm } from '../../client/op-form';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../client/api-error';
import type { Channel } from '../../shared/svc/channels';
import {
  addressResults,
  INVITE_EXPIRY_CHOICES,
  inviteRoleLabel,
  invitationFailureSchema,
  splitInviteeEmails,
  type AddressOutcome,
  type AddressResult,
  type InviteRole,
} from '../../shared/svc/invites';
import { useSendInvites, type SendInvitesParams } from './api/send-invites';
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

const LOOKS_LIKE_ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

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

/** Role, channels, groups, default channels and expiry: what a new member gets from an invitation. */
export type GrantInputProps = (name: keyof GrantChoices, options?: { type: 'checkbox' }) => GetInputPropsReturnType;

export function GrantFields({ inputProps, options }: { inputProps: GrantInputProps; options: InviteFormOptions }) {
  const channelData = options.channels.map((c) => ({
    value: String(c.stream_id),
    label: (c as { is_default?: boolean }).is_default ? `${c.name} (default)` : c.name,
  }));
  return (
    <>
      <Group grow align="flex-start">
        <Select
          label="Role"
          data={options.roles.map((r) => ({ value: String(r), label: inviteRoleLabel(r) }))}
          allowDeselect={false}
          {...inputProps('role')}
        />
        <Select label="Expires after" data={expiryOptions} allowDeselect={false} {...inputProps('expiry')} />
      </Group>
      <MultiSelect
        label="Channels"
        description="The new member is subscribed to these when they join."
        data={channelData}
        searchable
        clearable
        {...inputProps('channelIds')}
      />
      <Checkbox
        label="Also subscribe them to the organization's default channels"
        description={options.abilities.includeDefaults.reason ?? undefined}
        disabled={!options.abilities.includeDefaults.allowed}
        {...inputProps('includeDefaults', { type: 'checkbox' })}
      />
      <MultiSelect
        label="Groups"
        description={options.abilities.groups.reason ?? 'The new member joins these user groups.'}
        disabled={!options.abilities.groups.allowed}
        data={options.groups.map((g) => ({ value: String(g.id), label: g.name }))}
        searchable
        clearable
        {...inputProps('groupIds')}
      />
    </>
  );
}

const OUTCOME_LABELS: Record<AddressOutcome, { label: string; color: string }> = {
  invited: { label: 'Invited', color: 'teal' },
  'already-member': { label: 'Already a member', color: 'gray' },
  deactivated: { label: 'Deactivated account', color: 'orange' },
  invalid: { label: 'Not invited', color: 'red' },
  'not-sent': { label: 'Not sent', color: 'yellow' },
};

export interface InviteOutcome {
  rows: AddressResult[];
  /** The server's own message when it refused some or all addresses. */
  msg: string | null;
  limitReached: boolean;
}

/** What the last send did, address by address. */
export function InviteResults({ outcome }: { outcome: InviteOutcome }) {
  const invited = outcome.rows.filter((r) => r.outcome === 'invited').length;
  return (
    <Stack gap="xs" role="region" aria-label="Invitation results">
      <Alert
        color={invited === outcome.rows.length ? 'teal' : invited > 0 ? 'yellow' : 'red'}
        variant="light"
        title={`${invited} of ${outcome.rows.length} ${outcome.rows.length === 1 ? 'address' : 'addresses'} invited`}
      >
        {outcome.msg ?? 'Each address was sent an invitation.'}
        {outcome.limitReached ? ' The daily invitation limit was reached.' : ''}
      </Alert>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Address</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Server&apos;s reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcome.rows.map((row) => (
            <Table.Tr key={row.address}>
              <Table.Td>{row.address}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={OUTCOME_LABELS[row.outcome].color}>
                  {OUTCOME_LABELS[row.outcome].label}
                </Badge>
              </Table.Td>
              <Table.Td>{row.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Invite by email: addresses, the grant, an optional welcome message; results per address. */
function emailsProblem(value: string): string | null {
  const addresses = splitInviteeEmails(value);
  if (addresses.length === 0) return 'Enter at least one email address.';
  const bad = addresses.filter((a) => !LOOKS_LIKE_ADDRESS.test(a));
  return bad.length > 0 ? `Not an email address: ${bad.join(', ')}` : null;
}

export function InviteByEmailForm({
  options,
  onDraftChange,
}: {
  options: InviteFormOptions;
  /** The grant as chosen so far, for the first-day preview. */
  onDraftChange?: (grant: GrantChoices) => void;
}) {
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

  return (
    <form onSubmit={submit} aria-label="Invite by email">
      <Stack gap="sm">
        <Textarea
          label="Email addresses"
          description="Separate addresses with commas or new lines."
          autosize
          minRows={2}
          {...form.getInputProps('emails')}
        />
        <GrantFields inputProps={(name, o) => form.getInputProps(name, o)} options={options} />
        <Checkbox label="Notify me when they join" {...form.getInputProps('notify', { type: 'checkbox' })} />
        <Textarea
          label="Welcome message"
          description={options.abilities.welcomeMessage.reason ?? 'Added to the invitation email.'}
          disabled={!options.abilities.welcomeMessage.allowed}
          autosize
          minRows={2}
          {...form.getInputProps('welcome')}
        />
        {otherError ? (
          <Alert color="red" variant="light" title="The server refused">
            {errorMessage(otherError)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send invitations
          </Button>
        </Group>
        {outcome ? <InviteResults outcome={outcome} /> : null}
        {outcome === null && !send.isPending && form.values.emails === '' ? (
          <Text size="xs" c="dimmed">
            People you invite appear under Pending invitations until they join.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
