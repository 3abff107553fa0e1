import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { ServerError } from '../../components/server-error';
import { useCreateInviteLink } from './api/create-invite-link';
import { GrantFields, grantParams, type GrantChoices, type InviteFormOptions } from './invite-form';

/** A reusable invite link: anyone with it may join with the chosen role, channels and groups until it expires. */
export function InviteLinkForm({ options }: { options: InviteFormOptions }) {
  const create = useCreateInviteLink();
  const { form } = useOpForm<GrantChoices>({
    initialValues: {
      role: String(options.roles.includes(400) ? 400 : (options.roles[0] ?? 400)),
      channelIds: [],
      groupIds: [],
      includeDefaults: true,
      expiry: String(10 * 24 * 60),
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate({ stream_ids: values.channelIds.map(Number), ...grantParams(values, options) }),
  );
  return (
    <form onSubmit={submit} aria-label="Create invite link">
      <Stack gap="sm">
        <GrantFields inputProps={(name, o) => form.getInputProps(name, o)} options={options} />
        <ServerError error={create.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create invite link
          </Button>
        </Group>
        {create.data ? (
          <Alert color="teal" variant="light" title="Invite link created">
            <Stack gap="xs">
              <Text size="sm">Anyone with this link can join until it expires or you revoke it.</Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  readOnly
                  value={create.data.invite_link}
                  aria-label="New invite link"
                  style={{ flex: 1 }}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton value={create.data.invite_link}>
                  {({ copied, copy }) => (
                    <Button variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
