import { ActionIcon, Button, Card, Code, CopyButton, Divider, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { errorMessage } from '../../client/api-error';
import { countOf } from '../../client/count-of';
import type { WebhookEndpoint } from '../../shared/bff/webhooks';
import { useDeleteEndpoint } from './api/webhooks-api';
import { DeliveriesList } from './deliveries-list';
import { receiverUrl } from './receiver-url';
import { ReplyEditor } from './reply-editor';
import { TestMessageForm } from './test-message-form';

/** One endpoint: where the chat server should deliver, what it answers, a test action and its deliveries. */
/** Drawn, not a character: the ⧉ glyph is missing from many system fonts and showed as an empty box. */
function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 3.5v-1a1 1 0 0 0-1-1h-7a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <path d="M3 8.5l3.2 3L13 4.5" />
    </svg>
  );
}

export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const remove = useDeleteEndpoint();
  const url = receiverUrl(endpoint.id);
  return (
    <Card withBorder padding="md" component="section" aria-label={`Endpoint for ${endpoint.bot.fullName}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={4}>{endpoint.bot.fullName}</Title>
            <Text size="xs" c="dimmed">
              {endpoint.bot.email} · added by {endpoint.createdBy.fullName} on{' '}
              {new Date(endpoint.createdAt).toLocaleString()} ·{' '}
              {countOf(endpoint.deliveryCount, 'delivery', 'deliveries')}
            </Text>
          </Stack>
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete the endpoint for ${endpoint.bot.fullName}? Its deliveries are discarded.`))
                remove.mutate(endpoint.id);
            }}
          >
            Delete endpoint
          </Button>
        </Group>
        {remove.isError && (
          <Text size="sm" c="red">
            {errorMessage(remove.error)}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Receiver URL
          </Text>
          <Text size="xs" c="dimmed">
            Set this as the bot’s endpoint URL in the chat server.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="receiver-url" style={{ wordBreak: 'break-all' }}>
              {url}
            </Code>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy'}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label="Copy the receiver URL">
                    {copied ? <CheckIcon /> : <CopyIcon />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <ReplyEditor key={JSON.stringify(endpoint.reply)} endpointId={endpoint.id} reply={endpoint.reply} />
        <Divider />
        <TestMessageForm botName={endpoint.bot.fullName} />
        <Divider label="Last deliveries" labelPosition="left" />
        <DeliveriesList endpointId={endpoint.id} />
      </Stack>
    </Card>
  );
}
