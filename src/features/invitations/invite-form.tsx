import { Alert, Button, Checkbox, Group, MultiSelect, Select, Stack, Text, Textarea } from '@mantine/core';
import { type GetInputPropsReturnType } from '@mantine/form';
import { errorMessage } from '../../client/api-error';
import { inviteRoleLabel } from '../../shared/svc/invites';
import { expiryOptions, type GrantChoices, type InviteFormOptions } from './invite-grant';
import { InviteResults } from './invite-results';
import { useInviteByEmail } from './use-invite-by-email';

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

/** Invite by email: addresses, the grant, an optional welcome message; results per address. */
export function InviteByEmailForm({
  options,
  onDraftChange,
}: {
  options: InviteFormOptions;
  /** The grant as chosen so far, for the first-day preview. */
  onDraftChange?: (grant: GrantChoices) => void;
}) {
  const { form, submit, send, outcome, otherError } = useInviteByEmail(options, onDraftChange);

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
