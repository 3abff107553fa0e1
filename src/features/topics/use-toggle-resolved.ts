import { useEffect, useRef } from 'react';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { isResolvedTopic, toggledResolvedTopic } from '../../shared/svc/messages';
import type { TopicActivity } from './api/get-channel-activity';
import { useUpdateMessage } from './api/update-message';
import { useStableCallback } from './use-stable-callback';
import { topicRowId } from './use-topic-rows';

interface ToggleResolvedInput {
  emptyName: string;
  selected: { streamId: number; topic: string } | null;
  /** Opens the topic under its new name when it was the one open. */
  open: (streamId: number, topic: string, replace: boolean) => void;
  markActedOn: (rowId: string) => void;
}

/**
 * Resolve or unresolve a topic in one click, with a toast whose Undo does it back. Stable, so the memoized
 * columns (and with them the table's rows) survive the page rendering again.
 */
export function useToggleResolved({ emptyName, selected, open, markActedOn }: ToggleResolvedInput) {
  const update = useUpdateMessage();
  // The toast's Undo calls the same action back (set after render: the action is defined below).
  const undoRef = useRef<(t: TopicActivity) => void>(() => undefined);

  const toggleResolved = useStableCallback((t: TopicActivity, undoing = false) => {
    const next = toggledResolvedTopic(t.name);
    const verb = isResolvedTopic(t.name) ? 'Unresolved' : 'Resolved';
    const shown = (name: string) => (name === '' ? emptyName : name);
    update.mutate(
      { message_id: t.maxId, topic: next, propagate_mode: 'change_all' },
      {
        onSuccess: () => {
          markActedOn(topicRowId({ streamId: t.streamId, name: next }));
          notify(
            'success',
            `resolve-${t.streamId}`,
            undoing ? `${verb} again` : verb,
            `“${shown(next)}” in #${t.channelName}.`,
            undoing ? undefined : { label: 'Undo', onClick: () => undoRef.current({ ...t, name: next }) },
          );
          if (selected?.streamId === t.streamId && selected.topic === t.name) open(t.streamId, next, true);
        },
        onError: (error) => notify('error', `resolve-${t.streamId}`, `Not ${verb.toLowerCase()}`, errorMessage(error)),
      },
    );
  });

  useEffect(() => {
    undoRef.current = (t) => toggleResolved(t, true);
  }, [toggleResolved]);
  return toggleResolved;
}
