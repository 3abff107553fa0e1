import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../client/api-error';
import { useSendTestMessage, useTestChannels } from './api/webhooks-api';

/** Sends a message mentioning the bot through the chat API; the delivery it causes appears below. */
export function TestMessageForm({ botName }: { botName: string }) {
  const channels = useTestChannels();
  const send = useSendTestMessage();
  const [channel, setChannel] = useState<string | null>(null);
  const [topic, setTopic] = useState('webhook test');
  const [text, setText] = useState('hello from the console');
  const chosen = channel ?? (channels.data?.find((c) => c.name === 'general') ?? channels.data?.[0])?.name ?? null;
  const content = `@**${botName}** ${text}`.trim();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // By ID: a channel name that reads as a number would otherwise be taken for an ID.
        const streamId = channels.data?.find((c) => c.name === chosen)?.streamId;
        if (streamId !== undefined && topic.trim())
          send.mutate({ type: 'stream', to: streamId, topic: topic.trim(), content });
      }}
    >
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Send a test message
        </Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label="Channel"
            data={(channels.data ?? []).map((c) => c.name)}
            value={chosen}
            onChange={setChannel}
            searchable
            allowDeselect={false}
            w={180}
          />
          <TextInput label="Topic" value={topic} onChange={(event) => setTopic(event.currentTarget.value)} w={200} />
          <TextInput
            label="Message"
            description={`Sent as @**${botName}** …`}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" loading={send.isPending} disabled={!chosen || !topic.trim()}>
            Send test message
          </Button>
        </Group>
        {send.isSuccess && (
          <Text size="sm" c="teal" role="status">
            Sent (message {send.data.id}). The delivery appears below when the chat server calls the endpoint.
          </Text>
        )}
        {send.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(send.error)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
