import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../client/api-error';
import { webhookTokenSchema } from '../../shared/bff/webhooks';
import { useCreateEndpoint, type OutgoingWebhookBot } from './api/webhooks-api';

/** Registers an endpoint: the bot, and its token pasted from the bot's configuration file (never shown again). */
export function CreateEndpointModal({
  opened,
  onClose,
  bots,
  initialBotId,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  bots: readonly OutgoingWebhookBot[];
  initialBotId: number | null;
  onCreated: (endpointId: string) => void;
}) {
  const create = useCreateEndpoint();
  const [botId, setBotId] = useState<string | null>(initialBotId === null ? null : String(initialBotId));
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);

  const close = () => {
    setToken('');
    setTokenError(null);
    create.reset();
    onClose();
  };

  const submit = () => {
    const checked = webhookTokenSchema.safeParse(token);
    if (!checked.success) {
      setTokenError(checked.error.issues[0]?.message ?? 'Invalid token.');
      return;
    }
    if (botId === null) return;
    create.mutate(
      { botUserId: Number(botId), token: checked.data },
      {
        onSuccess: (endpoint) => {
          setToken('');
          onCreated(endpoint.id);
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add a webhook endpoint"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Select
            label="Bot"
            placeholder="Choose an outgoing-webhook bot"
            data={bots.filter((b) => b.isActive).map((b) => ({ value: String(b.userId), label: b.fullName }))}
            value={botId}
            onChange={setBotId}
            required
            allowDeselect={false}
          />
          <PasswordInput
            label="Bot token"
            description="The token from the bot’s configuration file. It is stored encrypted and never shown again."
            value={token}
            onChange={(event) => {
              setToken(event.currentTarget.value);
              setTokenError(null);
            }}
            error={tokenError}
            autoComplete="off"
            required
          />
          {create.isError && (
            <Alert color="red" title="The endpoint was not created">
              <Text size="sm">{errorMessage(create.error)}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={botId === null || token.trim() === ''}>
              Create endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
