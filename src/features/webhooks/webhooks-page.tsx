import { Alert, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CardTable, type CardTableColumn } from '../../components/card-table/card-table';
import { LoadError } from '../../components/load-error';
import { errorMessage } from '../../client/api-error';
import { useSession } from '../../client/session';
import {
  useDemoConnect,
  useOutgoingWebhookBots,
  useWebhookEndpoints,
  type OutgoingWebhookBot,
} from './api/webhooks-api';
import { CreateEndpointModal } from './create-endpoint-modal';
import { EndpointCard } from './endpoint-card';
import { useRole } from '../../client/use-role';
import { RoleRefusal } from '../../components/role-refusal';

/**
 * Administrators: the organization's outgoing-webhook bots, the console endpoints that receive their
 * notifications, and each endpoint's deliveries as they arrive.
 */
export function WebhooksPage() {
  const { isAdmin } = useRole();
  if (!isAdmin)
    return (
      <RoleRefusal title="Outgoing webhooks" reason="For administrators only">
        Receiving a bot’s webhook deliveries needs the bot’s token, which only administrators and owners can see.
      </RoleRefusal>
    );
  return <WebhookEndpoints />;
}

type Bot = OutgoingWebhookBot;

/** The bots' columns; on a phone each bot is a card with its buttons at the foot. */
function botColumns(o: {
  endpointsOf: (bot: Bot) => number | undefined;
  isDemo: boolean;
  connecting: (bot: Bot) => boolean;
  onAdd: (bot: Bot) => void;
  onConnect: (bot: Bot) => void;
}): readonly CardTableColumn<Bot>[] {
  return [
    {
      id: 'bot',
      header: 'Bot',
      primary: true,
      cell: (bot) => (
        <>
          {bot.fullName}
          {!bot.isActive && (
            <Text span size="xs" c="dimmed">
              {' '}
              (deactivated)
            </Text>
          )}
        </>
      ),
    },
    { id: 'email', header: 'Email', cell: (bot) => bot.email },
    { id: 'endpoints', header: 'Endpoints', cell: (bot) => o.endpointsOf(bot) ?? '—' },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (bot) => (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            disabled={!bot.isActive}
            onClick={() => o.onAdd(bot)}
            aria-label={`Add endpoint for ${bot.fullName}`}
          >
            Add endpoint
          </Button>
          {o.isDemo && bot.isActive ? (
            <Button
              size="xs"
              loading={o.connecting(bot)}
              onClick={() => o.onConnect(bot)}
              aria-label={`Connect (demo) ${bot.fullName}`}
            >
              Connect (demo)
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
}

/** The organization's outgoing-webhook bots, each with how many endpoints it has and its buttons. */
function BotsSection({
  bots,
  columns,
}: {
  bots: ReturnType<typeof useOutgoingWebhookBots>;
  columns: readonly CardTableColumn<Bot>[];
}) {
  return (
    <Stack gap="xs" component="section" aria-label="Outgoing-webhook bots">
      <Title order={3}>Bots</Title>
      {bots.isPending ? (
        <Loader size="sm" />
      ) : bots.isError ? (
        <LoadError title="Cannot load the bots" error={bots.error} onRetry={() => void bots.refetch()} />
      ) : bots.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          This organization has no outgoing-webhook bots.
        </Text>
      ) : (
        <Box maw={760}>
          <CardTable
            label="Outgoing-webhook bots"
            rows={bots.data}
            getRowId={(bot) => bot.userId}
            striped={false}
            columns={columns}
          />
        </Box>
      )}
    </Stack>
  );
}

/** In the demo, how "Connect (demo)" works, and what came of the last press. */
function DemoConnectNotes({ isDemo, connect }: { isDemo: boolean; connect: ReturnType<typeof useDemoConnect> }) {
  return (
    <>
      {isDemo ? (
        <Alert color="blue" variant="light" maw={760} title="Demo">
          The chat server here is the console’s simulator. “Connect (demo)” creates an endpoint for the bot with its
          token and points the bot at it, as an administrator would in a real server’s bot settings; then send a test
          message below and watch the delivery arrive.
        </Alert>
      ) : null}
      {connect.isSuccess ? (
        <Text size="sm" c="teal" role="status">
          {connect.data.bot.fullName} now sends its notifications to the new endpoint below.
        </Text>
      ) : null}
      {connect.isError ? (
        <Alert color="red" role="alert" title="Could not connect the bot" maw={760}>
          {errorMessage(connect.error)}
        </Alert>
      ) : null}
    </>
  );
}

function WebhookEndpoints() {
  const bots = useOutgoingWebhookBots();
  const endpoints = useWebhookEndpoints();
  const [creating, setCreating] = useState<{ botId: number | null } | null>(null);
  const isDemo = Boolean(useSession().data?.demo);
  const connect = useDemoConnect();

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Outgoing webhooks</Title>
        <Button onClick={() => setCreating({ botId: null })} disabled={!bots.data?.some((b) => b.isActive)}>
          Add endpoint
        </Button>
      </Group>
      <Text size="sm" c="dimmed" maw={760}>
        Point an outgoing-webhook bot at one of these endpoints to see exactly what the chat server sends when a message
        mentions the bot or is a direct message to it. Deliveries are checked against the bot’s token and the last 200
        per endpoint are kept.
      </Text>

      <BotsSection
        bots={bots}
        columns={botColumns({
          endpointsOf: (bot) => endpoints.data?.filter((e) => e.bot.userId === bot.userId).length,
          isDemo,
          connecting: (bot) => connect.isPending && connect.variables === bot.userId,
          onAdd: (bot) => setCreating({ botId: bot.userId }),
          onConnect: (bot) => connect.mutate(bot.userId),
        })}
      />

      <DemoConnectNotes isDemo={isDemo} connect={connect} />

      <Stack gap="md" component="section" aria-label="Endpoints">
        <Title order={3}>Endpoints</Title>
        {endpoints.isPending ? (
          <Loader size="sm" />
        ) : endpoints.isError ? (
          <LoadError
            title="Cannot load the endpoints"
            error={endpoints.error}
            onRetry={() => void endpoints.refetch()}
          />
        ) : endpoints.data.length === 0 ? (
          <Alert color="gray" variant="light" maw={760}>
            No endpoints yet. Add one for a bot, paste the bot’s token, then set the receiver URL shown here as the
            bot’s endpoint URL in the chat server.
          </Alert>
        ) : (
          endpoints.data.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} />)
        )}
      </Stack>

      {creating && (
        <CreateEndpointModal
          opened
          bots={bots.data ?? []}
          initialBotId={creating.botId}
          onClose={() => setCreating(null)}
          onCreated={() => undefined}
        />
      )}
    </Stack>
  );
}
