import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../client/svc-client';
import { LoadError } from '../../components/load-error';
import { pages } from '../../shared/pages';
import { svcOps } from '../../shared/svc/catalog';

/**
 * My alert words, under the key the page registry names: an `alert_words` event refetches it (src/shared/pages.ts),
 * so the list follows changes made in any chat app without handlers of its own.
 */
export function alertWordsQueryOptions() {
  return queryOptions({
    queryKey: [pages.alertWords.live.refetch, 'list'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getAlertWords, {}, { signal })).alert_words,
  });
}

function AlertWordList({ words }: { words: readonly string[] }) {
  if (words.length === 0) {
    return <Text c="dimmed">You have no alert words. Add them in your chat app, and they will be listed here.</Text>;
  }
  return (
    <Stack gap="xs">
      <Text size="sm">{words.length === 1 ? '1 word' : `${words.length} words`}, in the order you added them.</Text>
      {/* Badges wrap: a long word or list stays within a phone's width. */}
      <Group gap="xs" component="ul" aria-label="Alert words" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {words.map((word) => (
          <Badge key={word} component="li" variant="light" size="lg" tt="none" maw="100%">
            {word}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** My alert words (read-only): a message that contains one is flagged for me in the chat apps. */
export function AlertWordsPage() {
  const query = useQuery(alertWordsQueryOptions());
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{pages.alertWords.title}</Title>
      <Text size="sm" c="dimmed">
        Words that flag a message for you when someone writes them. This list follows the changes you make in your chat
        app.
      </Text>
      {query.isPending ? (
        <Group gap="xs">
          <Loader size="xs" aria-label="Loading" />
          <Text size="sm">Loading your alert words…</Text>
        </Group>
      ) : query.isError ? (
        <LoadError
          title="Your alert words could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <AlertWordList words={query.data} />
      )}
    </Stack>
  );
}

/** The router's name for the page (src/app/route-modules.ts). */
export { AlertWordsPage as Component };
