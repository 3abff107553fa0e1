import { ActionIcon, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { Fragment, useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { Linkifier } from '../../shared/svc/linkifiers';
import { moveTo } from './order';

interface Props {
  linkifiers: readonly Linkifier[];
  /** "URL template", or "URL format string" on servers before level 176. */
  urlHeader: string;
  canManage: boolean;
  canEdit: boolean;
  canReorder: boolean;
  /** A reorder is on its way to the server. */
  reordering: boolean;
  onReorder: (orderedIds: number[], moved: Linkifier, position: number) => void;
  onEdit: (linkifier: Linkifier) => void;
  onDelete: (linkifier: Linkifier) => void;
  /** Puts a linkifier's example input into the sandbox. */
  onTryExample: (example: string) => void;
}

type Direction = 'up' | 'down';

/** A URL that wraps after its separators (`/`, `?`, `&`, `=`), not in the middle of a word. */
function breakableUrl(url: string): ReactNode[] {
  return url.split(/(?<=[/?&=])/).map((part, i) => (
    <Fragment key={i}>
      {part}
      <wbr />
    </Fragment>
  ));
}

/** The example input (with a button that tries it in the sandbox) and the reverse template, where set. */
function ReverseDetails({ linkifier, onTryExample }: { linkifier: Linkifier; onTryExample: (text: string) => void }) {
  const example = linkifier.example_input ?? '';
  const reverse = linkifier.reverse_template ?? '';
  if (example === '' && reverse === '') return null;
  return (
    <Stack gap={2} mt={4}>
      {example !== '' ? (
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            Example: <Code>{example}</Code>
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`Try the example ${example} in the sandbox`}
            onClick={() => onTryExample(example)}
          >
            Try it
          </Button>
        </Group>
      ) : null}
      {reverse !== '' ? (
        <Text size="xs" c="dimmed">
          Pasted links become: <Code>{reverse}</Code>
        </Text>
      ) : null}
    </Stack>
  );
}

type MoveButtonRef = (id: number, direction: Direction) => (node: HTMLButtonElement | null) => void;

/**
 * Reordering by drag and drop and by the Move up / Move down buttons. A moved row keeps keyboard focus on its
 * button; at either end that button is disabled, so the other one takes the focus instead.
 */
function useReorder(
  linkifiers: readonly Linkifier[],
  { canReorder, reordering, onReorder }: Pick<Props, 'canReorder' | 'reordering' | 'onReorder'>,
) {
  const ids = linkifiers.map((l) => l.id);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ id: number; direction: Direction } | null>(null);

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const index = linkifiers.findIndex((l) => l.id === pending.id);
    if (index < 0) return;
    let direction = pending.direction;
    if (direction === 'up' && index === 0) direction = 'down';
    if (direction === 'down' && index === linkifiers.length - 1) direction = 'up';
    moveButtons.current.get(`${pending.id}:${direction}`)?.focus();
  }, [linkifiers]);

  const move = (linkifier: Linkifier, to: number, direction?: Direction) => {
    // One move at a time; the buttons stay enabled (and focused) meanwhile, so a press is simply ignored.
    if (reordering) return;
    const next = moveTo(ids, linkifier.id, to);
    if (next.every((id, i) => id === ids[i])) return;
    if (direction) focusAfterMove.current = { id: linkifier.id, direction };
    onReorder(next, linkifier, next.indexOf(linkifier.id));
  };
  const endDrag = () => {
    setDragId(null);
    setOverIndex(null);
  };

  const dragProps = (linkifier: Linkifier, index: number) =>
    canReorder
      ? {
          draggable: !reordering,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(linkifier.id));
            setDragId(linkifier.id);
          },
          onDragOver: (event: DragEvent) => {
            if (dragId === null) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOverIndex(index);
          },
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            const dragged = linkifiers.find((l) => l.id === dragId);
            endDrag();
            if (dragged) move(dragged, index);
          },
          onDragEnd: endDrag,
        }
      : {};

  const moveButtonRef: MoveButtonRef = (id, direction) => (node) => {
    if (node) moveButtons.current.set(`${id}:${direction}`, node);
    else moveButtons.current.delete(`${id}:${direction}`);
  };
  /** Where a dragged row would land: a line above or below the row under the pointer. */
  const dropShadow = (linkifier: Linkifier, index: number) => {
    if (overIndex !== index || dragId === null || dragId === linkifier.id) return undefined;
    const top = ids.indexOf(dragId) >= index;
    return `inset 0 ${top ? 2 : -2}px 0 var(--mantine-primary-color-filled)`;
  };
  return { dragId, move, dragProps, moveButtonRef, dropShadow };
}

/**
 * The linkifiers in the order the server applies them. Administrators reorder by dragging a row or, from
 * the keyboard, with each row's Move up / Move down buttons (their names include the pattern).
 *
 * Built by hand rather than on DataTable: its rows are drag-and-drop targets that reorder the list, and the
 * list is short (the server applies every linkifier to every message), so it needs no virtualization.
 */
export function LinkifierList({ linkifiers, urlHeader, canManage, ...rest }: Props) {
  const reorder = useReorder(linkifiers, rest);

  if (linkifiers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No linkifiers yet.{canManage ? ' Add one to turn issue numbers and the like into links.' : ''}
      </Text>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Linkifiers" verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="4.5rem">Order</Table.Th>
            <Table.Th>Pattern</Table.Th>
            <Table.Th>{urlHeader}</Table.Th>
            {canManage ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linkifiers.map((linkifier, index) => (
            <Table.Tr
              key={linkifier.id}
              {...reorder.dragProps(linkifier, index)}
              style={{
                opacity: reorder.dragId === linkifier.id ? 0.5 : 1,
                cursor: rest.canReorder ? 'grab' : undefined,
                boxShadow: reorder.dropShadow(linkifier, index),
              }}
            >
              <LinkifierCells
                linkifier={linkifier}
                index={index}
                last={index === linkifiers.length - 1}
                canManage={canManage}
                reorder={reorder}
                {...rest}
              />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface CellsProps extends Omit<Props, 'linkifiers' | 'urlHeader' | 'onReorder' | 'reordering'> {
  linkifier: Linkifier;
  index: number;
  last: boolean;
  reorder: Pick<ReturnType<typeof useReorder>, 'move' | 'moveButtonRef'>;
}

function LinkifierCells({ linkifier, index, canManage, canReorder, onTryExample, ...rest }: CellsProps) {
  const url = linkifier.url_template ?? linkifier.url_format ?? '';
  return (
    <>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {canReorder ? (
            <Text span c="dimmed" aria-hidden="true" style={{ userSelect: 'none' }}>
              ⠿
            </Text>
          ) : null}
          <Text span size="sm">
            {index + 1}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Code>{linkifier.pattern}</Code>
        <ReverseDetails linkifier={linkifier} onTryExample={onTryExample} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'break-word' }}>
        <Text size="sm" ff="monospace">
          {breakableUrl(url)}
        </Text>
        {(linkifier.alternative_url_templates ?? []).map((alternative) => (
          <Text key={alternative} size="xs" c="dimmed" ff="monospace">
            also read: {breakableUrl(alternative)}
          </Text>
        ))}
      </Table.Td>
      {canManage ? (
        <Table.Td>
          <RowActions linkifier={linkifier} index={index} canReorder={canReorder} {...rest} />
        </Table.Td>
      ) : null}
    </>
  );
}

function RowActions({
  linkifier,
  index,
  last,
  canReorder,
  canEdit,
  reorder,
  onEdit,
  onDelete,
}: Omit<CellsProps, 'canManage' | 'onTryExample'>) {
  return (
    <Group gap={4} wrap="nowrap">
      {canReorder ? (
        <>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${linkifier.pattern} up`}
            title="Move up"
            disabled={index === 0}
            ref={reorder.moveButtonRef(linkifier.id, 'up')}
            onClick={() => reorder.move(linkifier, index - 1, 'up')}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${linkifier.pattern} down`}
            title="Move down"
            disabled={last}
            ref={reorder.moveButtonRef(linkifier.id, 'down')}
            onClick={() => reorder.move(linkifier, index + 1, 'down')}
          >
            ↓
          </ActionIcon>
        </>
      ) : null}
      {canEdit ? (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Edit ${linkifier.pattern}`}
          onClick={() => onEdit(linkifier)}
        >
          Edit
        </Button>
      ) : null}
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        aria-label={`Delete ${linkifier.pattern}`}
        onClick={() => onDelete(linkifier)}
      >
        Delete
      </Button>
    </Group>
  );
}
