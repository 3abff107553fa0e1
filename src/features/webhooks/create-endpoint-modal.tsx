import { PasswordInput, Select } from '@mantine/core';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { webhookTokenSchema } from '../../shared/bff/webhooks';
import { useCreateEndpoint, type OutgoingWebhookBot } from './api/webhooks-api';

interface Props {
  opened: boolean;
  onClose: () => void;
  bots: readonly OutgoingWebhookBot[];
  initialBotId: number | null;
  onCreated: (endpointId: string) => void;
}

/** Registers an endpoint: the bot, and its token pasted from the bot's configuration file (never shown again). */
export function CreateEndpointModal({ opened, onClose, ...rest }: Props) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Add a webhook endpoint">
      <CreateEndpointForm onClose={onClose} {...rest} />
    </FormDialog>
  );
}

function CreateEndpointForm({ onClose, bots, initialBotId, onCreated }: Omit<Props, 'opened'>) {
  const create = useCreateEndpoint();
  const [botId, setBotId] = useState<string | null>(initialBotId === null ? null : String(initialBotId));
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);

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
          onClose();
        },
      },
    );
  };

  return (
    <DialogForm
      gap="md"
      onFormSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      submitLabel="Create endpoint"
      onCancel={onClose}
      // Closing while the request runs only drops its answer, as before the shared footer.
      cancelWhilePending
      pending={create.isPending}
      disabled={botId === null || token.trim() === ''}
      error={create.error}
      errorTitle="The endpoint was not created"
    >
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
    </DialogForm>
  );
}
