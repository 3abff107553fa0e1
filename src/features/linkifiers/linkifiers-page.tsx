import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useMemo, useState, type ComponentProps } from 'react';

import { useFeatureLevel, useRole } from '../../client/use-role';
import {
  LINKIFIER_LEVELS,
  toRule,
  urlSyntaxFor,
  type Linkifier,
  type LinkifierRule,
} from '../../shared/svc/linkifiers';
import { useLinkifiers } from './api/get-linkifiers';
import { useReorderLinkifiers } from './api/reorder-linkifiers';
import { DeleteLinkifierModal } from './delete-linkifier-modal';
import { LinkifierFormModal } from './linkifier-form-modal';
import { LinkifierList } from './linkifier-list';
import { LinkifierSandbox } from './linkifier-sandbox';
import { levelGateReason, linkifierAbilities, type LinkifierAbilities, type Verdict } from './permissions';
import { ServerError } from '../../components/server-error';
import { LoadError } from '../../components/load-error';

type Dialog = { kind: 'add' } | { kind: 'edit'; linkifier: Linkifier } | { kind: 'delete'; linkifier: Linkifier };

/** Organization admins: manage the patterns that turn text into links; everyone: see them and try them out. */
export function LinkifiersPage() {
  const { role } = useRole();
  const featureLevel = useFeatureLevel();
  const abilities = linkifierAbilities(role, featureLevel);
  const linkifiersQuery = useLinkifiers(abilities.list.allowed);
  const { reorder, announcement, onReorder } = useAnnouncedReorder();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [sampleText, setSampleText] = useState('');

  const linkifiers = useMemo(() => linkifiersQuery.data ?? [], [linkifiersQuery.data]);
  const rules = useMemo(() => linkifiers.map(toRule), [linkifiers]);
  const nameOf = useCallback((_rule: LinkifierRule, position: number) => `linkifier ${position + 1}`, []);
  const template = urlSyntaxFor(featureLevel) === 'template';
  const close = () => setDialog(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Linkifiers</Title>
        {abilities.manage.allowed ? <Button onClick={() => setDialog({ kind: 'add' })}>Add linkifier</Button> : null}
      </Group>
      <Text size="sm" maw="48rem">
        Linkifiers turn text in messages and topics that matches a pattern into a link. They apply in the order below:
        where the matches of two linkifiers overlap, the one earlier in the list wins.
      </Text>
      {pageNotes(abilities).map((note) => (
        <Alert key={note} color="gray" variant="light" role="note">
          {note}
        </Alert>
      ))}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <LinkifierListPanel
            list={abilities.list}
            linkifiersQuery={linkifiersQuery}
            reorderError={reorder.error}
            linkifiers={linkifiers}
            urlHeader={template ? 'URL template' : 'URL format string'}
            canManage={abilities.manage.allowed}
            canEdit={abilities.edit.allowed}
            canReorder={abilities.reorder.allowed}
            reordering={reorder.isPending}
            onReorder={onReorder}
            onEdit={(linkifier) => setDialog({ kind: 'edit', linkifier })}
            onDelete={(linkifier) => setDialog({ kind: 'delete', linkifier })}
            onTryExample={setSampleText}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md" radius="md">
            <LinkifierSandbox
              rules={rules}
              nameOf={nameOf}
              text={sampleText}
              onTextChange={setSampleText}
              reverseGate={levelGateReason(featureLevel, LINKIFIER_LEVELS.reverse)}
            />
          </Paper>
        </Grid.Col>
      </Grid>

      <LinkifierFormModal
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        onClose={close}
        linkifier={dialog?.kind === 'edit' ? dialog.linkifier : null}
        linkifiers={linkifiers}
        featureLevel={featureLevel}
        sampleText={sampleText}
        onSampleTextChange={setSampleText}
      />
      {dialog?.kind === 'delete' ? <DeleteLinkifierModal linkifier={dialog.linkifier} opened onClose={close} /> : null}
    </Stack>
  );
}

/** Reordering, with what screen readers hear while a move is sent, once it lands, or when it is refused. */
function useAnnouncedReorder() {
  const reorder = useReorderLinkifiers();
  const [announcement, setAnnouncement] = useState('');
  const onReorder = (orderedIds: number[], moved: Linkifier, position: number) => {
    const where = `position ${position + 1} of ${orderedIds.length}`;
    setAnnouncement(`Moving ${moved.pattern} to ${where}…`);
    reorder.mutate(orderedIds, {
      onSuccess: () => setAnnouncement(`Moved ${moved.pattern} to ${where}.`),
      // The refusal itself shows under the list, verbatim.
      onError: () => setAnnouncement(`${moved.pattern} was not moved.`),
    });
  };
  return { reorder, announcement, onReorder };
}

/** The notes above the list: why the viewer cannot manage, or which actions this server does not offer yet. */
function pageNotes(abilities: LinkifierAbilities): string[] {
  return [
    !abilities.manage.allowed && abilities.list.allowed ? abilities.manage.reason : null,
    abilities.manage.allowed && !abilities.reorder.allowed
      ? `Reordering: ${abilities.reorder.reason} Until then linkifiers apply in the order they were added.`
      : null,
    abilities.manage.allowed && !abilities.edit.allowed
      ? `Editing: ${abilities.edit.reason} Delete a linkifier and add it again to change it.`
      : null,
  ].filter((note): note is string => note !== null);
}

/** The list column: why it cannot be listed, loading, the load error, or the list with any reorder refusal. */
function LinkifierListPanel({
  list,
  linkifiersQuery,
  reorderError,
  ...listProps
}: ComponentProps<typeof LinkifierList> & {
  list: Verdict;
  linkifiersQuery: ReturnType<typeof useLinkifiers>;
  reorderError: unknown;
}) {
  if (!list.allowed) {
    return (
      <Alert color="yellow" title="Linkifiers cannot be listed" role="note">
        {list.reason}
      </Alert>
    );
  }
  if (linkifiersQuery.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-label="Loading" />
        <Text size="sm">Loading linkifiers…</Text>
      </Group>
    );
  }
  if (linkifiersQuery.isError) {
    return (
      <LoadError
        title="Linkifiers could not be loaded"
        error={linkifiersQuery.error}
        onRetry={() => void linkifiersQuery.refetch()}
      />
    );
  }
  return (
    <Stack gap="sm">
      <LinkifierList {...listProps} />
      <ServerError error={reorderError} />
    </Stack>
  );
}
