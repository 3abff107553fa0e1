import { Button, FileInput, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ServerError } from '../../components/server-error';
import { EMOJI_IMAGE_TYPES, EMOJI_MAX_BYTES } from '../../shared/svc/realm-emoji';
import { useEmojiUpload } from './use-emoji-upload';

/** Name and image, previewed as it will look in a message, then uploaded. */
export function UploadEmojiForm() {
  const { upload, name, setName, file, setFile, preview, problem, refusedFile, submit } = useEmojiUpload();
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Upload custom emoji">
      <Stack gap="sm">
        <Group align="flex-start" grow>
          <TextInput
            label="Emoji name"
            description="Lowercase letters, digits, dashes and underscores."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={problem.name}
          />
          <FileInput
            label="Image"
            description={`PNG, GIF, JPEG or WebP, up to ${EMOJI_MAX_BYTES / 1024} KB.`}
            accept={EMOJI_IMAGE_TYPES.join(',')}
            value={file}
            onChange={setFile}
            error={problem.file ?? refusedFile}
            clearable
          />
        </Group>
        {preview ? <EmojiPreview src={preview} name={name} /> : null}
        <ServerError error={refusedFile ? null : upload.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending}>
            Upload emoji
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The image large, and inline in a line of text as a message shows it. */
function EmojiPreview({ src, name }: { src: string; name: string }) {
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Preview">
      <Group gap="sm">
        <Image src={src} alt={`Preview of :${name || 'emoji'}:`} w={64} h={64} fit="contain" />
        <Text size="sm">
          Looks like this in a message: hello{' '}
          <Image
            src={src}
            alt=""
            w={20}
            h={20}
            fit="contain"
            style={{ display: 'inline-block', verticalAlign: 'middle' }}
          />
        </Text>
      </Group>
    </Paper>
  );
}
