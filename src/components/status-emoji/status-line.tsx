import { Image, Text } from '@mantine/core';
import type { UserStatus } from '../../shared/svc/records';
import { glyphOf } from './common-emoji';
import { useCustomEmojiUrl, useStatusCustomEmoji } from './custom-emoji-query';

/** A status's emoji as people see it: the glyph, the custom emoji's image, or `:name:` when neither is known. */
export function StatusEmoji({ status }: { status: Pick<UserStatus, 'emoji_name' | 'emoji_code' | 'reaction_type'> }) {
  const isCustom = status.reaction_type === 'realm_emoji';
  const custom = useStatusCustomEmoji(isCustom);
  const urlOf = useCustomEmojiUrl();
  if (!status.emoji_name) return null;
  if (status.reaction_type === 'unicode_emoji' && status.emoji_code) {
    const glyph = glyphOf(status.emoji_code);
    if (glyph)
      return (
        <span role="img" aria-label={`:${status.emoji_name}:`} title={`:${status.emoji_name}:`}>
          {glyph}
        </span>
      );
  }
  const image = isCustom ? custom.data?.find((e) => e.id === status.emoji_code) : undefined;
  if (image)
    return (
      <Image
        src={urlOf(image)}
        alt={`:${status.emoji_name}:`}
        title={`:${status.emoji_name}:`}
        w={18}
        h={18}
        fit="contain"
        display="inline-block"
        style={{ verticalAlign: 'text-bottom' }}
      />
    );
  return <span>:{status.emoji_name}:</span>;
}

/** "📅 In a meeting", or `empty` when there is no status. */
export function StatusLine({ status, empty = 'none' }: { status: UserStatus | undefined; empty?: string }) {
  if (!status || (!status.emoji_name && !status.status_text))
    return (
      <Text span c="dimmed">
        {empty}
      </Text>
    );
  return (
    <span>
      <StatusEmoji status={status} />
      {status.emoji_name && status.status_text ? ' ' : null}
      {status.status_text}
    </span>
  );
}
