import { Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../client/api-error';
import { MAX_REPLY_LENGTH, replyBody, replyTemplateSchema, type ReplyTemplate } from '../../shared/bff/webhooks';
import { useUpdateReply } from './api/webhooks-api';

type Kind = ReplyTemplate['kind'];

/** The endpoint's answer to each delivery: a reply the bot posts, or none. */
export function ReplyEditor({ endpointId, reply }: { endpointId: string; reply: ReplyTemplate }) {
  const update = useUpdateReply();
  const [kind, setKind] = useState<Kind>(reply.kind);
  const [content, setContent] = useState(reply.kind === 'content' ? reply.content : '');
  const draft: unknown = kind === 'none' ? { kind } : { kind, content };
  const checked = replyTemplateSchema.safeParse(draft);
  const unchanged = checked.success && JSON.stringify(checked.data) === JSON.stringify(reply);

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Reply
      </Text>
      <SegmentedControl
        aria-label="Reply"
        value={kind}
        onChange={(value) => setKind(value as Kind)}
        data={[
          { value: 'none', label: 'No reply' },
          { value: 'content', label: 'Reply as the bot' },
        ]}
        w="fit-content"
      />
      {kind === 'content' && (
        <Textarea
          label="Reply content"
          description="Markdown; the chat server posts it as the bot in the same conversation."
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          maxLength={MAX_REPLY_LENGTH}
          autosize
          minRows={2}
          error={!checked.success && content !== '' ? checked.error.issues[0]?.message : undefined}
        />
      )}
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!checked.success || unchanged}
          loading={update.isPending}
          onClick={() => checked.success && update.mutate({ id: endpointId, reply: checked.data })}
        >
          Save reply
        </Button>
        <Text size="xs" c="dimmed" ff="monospace">
          {JSON.stringify(replyBody(reply))}
        </Text>
      </Group>
      {update.isError && (
        <Text size="sm" c="red">
          {errorMessage(update.error)}
        </Text>
      )}
    </Stack>
  );
}
