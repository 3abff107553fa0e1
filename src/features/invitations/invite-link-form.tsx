import { Alert, Button, CopyButton, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { ServerError } from '../../components/server-error';
import { svcOps } from '../../shared/svc/catalog';
import { useCreateInviteLink, type CreateInviteLinkParams } from './api/create-invite-link';
import { GrantFields } from './invite-form';
import { grantParams, type GrantChoices, type InviteFormOptions } from './invite-grant';

type LinkValues = GrantChoices & { welcome: string };

/** The form's values as the request: the welcome message only where the server has it (level 416) and given. */
function linkParams(values: LinkValues, options: InviteFormOptions): CreateInviteLinkParams {
  const welcome = values.welcome.trim();
  return {
    stream_ids: values.channelIds.map(Number),
    ...grantParams(values, options),
    ...(options.abilities.welcomeMessage.allowed && welcome !== '' ? { welcome_message_custom_text: welcome } : {}),
  };
}

/** A reusable invite link: anyone with it may join with the chosen role, channels and groups until it expires. */
export function InviteLinkForm({ options }: { options: InviteFormOptions }) {
  const create = useCreateInviteLink();
  const { form, placeRefusal } = useOpForm<LinkValues>({
    initialValues: {
      role: String(options.roles.includes(400) ? 400 : (options.roles[0] ?? 400)),
      channelIds: [],
      groupIds: [],
      includeDefaults: true,
      expiry: String(10 * 24 * 60),
      welcome: '',
    },
    params: () => svcOps.createInviteLink.params,
    toParams: (values) => linkParams(values, options),
    fields: { welcome_message_custom_text: 'welcome' },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(linkParams(values, options), { onError: (error) => placeRefusal(error) }),
  );
  const welcome = options.abilities.welcomeMessage;
  return (
    <form onSubmit={submit} aria-label="Create invite link">
      <Stack gap="sm">
        <GrantFields inputProps={(name, o) => form.getInputProps(name, o)} options={options} />
        <Textarea
          label="Welcome message"
          description={
            welcome.reason ??
            "Welcome Bot sends it to each person who joins with this link. Leave it empty for the organization's own welcome message."
          }
          disabled={!welcome.allowed}
          autosize
          minRows={2}
          {...form.getInputProps('welcome')}
        />
        <ServerError error={create.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create invite link
          </Button>
        </Group>
        {create.data ? (
          <CreatedLink
            link={create.data.invite_link}
            welcome={welcomeOutcome(create.variables?.welcome_message_custom_text, create.data)}
          />
        ) : null}
      </Stack>
    </form>
  );
}

type WelcomeOutcome = 'none' | 'kept' | 'ignored';

/** Whether the server took the welcome message sent with the link: it lists a parameter it does not know. */
function welcomeOutcome(sent: string | undefined, answer: object): WelcomeOutcome {
  if (!sent) return 'none';
  const ignored = (answer as { ignored_parameters_unsupported?: unknown }).ignored_parameters_unsupported;
  return Array.isArray(ignored) && ignored.includes('welcome_message_custom_text') ? 'ignored' : 'kept';
}

/** The link the server made, and what became of the welcome message, as the server's answer says. */
function CreatedLink({ link, welcome }: { link: string; welcome: WelcomeOutcome }) {
  return (
    <Alert color="teal" variant="light" title="Invite link created">
      <Stack gap="xs">
        <Text size="sm">Anyone with this link can join until it expires or you revoke it.</Text>
        {welcome === 'kept' ? (
          <Text size="sm">The server took the link&apos;s welcome message.</Text>
        ) : welcome === 'ignored' ? (
          <Text size="sm" c="orange">
            The server ignored the welcome message: it does not know custom welcome messages on links.
          </Text>
        ) : null}
        <Group gap="xs" wrap="nowrap">
          <TextInput
            readOnly
            value={link}
            aria-label="New invite link"
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
