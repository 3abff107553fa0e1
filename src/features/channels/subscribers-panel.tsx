import { Alert, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../client/api-error';
import { useRole } from '../../client/use-role';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import { MembershipPanel } from '../../components/membership-panel';
import type { Channel } from '../../shared/svc/channels';
import { useSubscribe } from './api/create-channel';
import type { Person } from '../../client/people';
import { useSubscribers } from './api/get-subscribers';
import { useRemoveSubscribers } from './api/unsubscribe';
import { RemoveSubscribersModal } from './remove-subscribers-modal';
import { addSubscribersAbility, removeSubscribersAbility, type Ability } from './permissions';
import { useChannelsRealm } from './api/get-realm-state';
import { useGroupLookup } from './use-group-lookup';
import { countOf } from '../../client/count-of';

/** What a refusal says; an unknown channel is named from the error's `stream` field. */
export function subscriptionErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'STREAM_DOES_NOT_EXIST') {
    const name = typeof error.envelope.stream === 'string' ? error.envelope.stream : null;
    return name ? `The channel “${name}” does not exist (any more). ${error.envelope.msg}` : error.envelope.msg;
  }
  return errorMessage(error);
}

interface Outcome {
  kind: 'removed' | 'added';
  done: string[];
  unchanged: string[];
  error: string | null;
}

type SubscriberRow = Pick<Person, 'user_id' | 'full_name' | 'email'>;

function subscriberColumns(
  chosen: ReadonlySet<number>,
  toggle: (id: number) => void,
  removable: (id: number) => boolean,
): DataTableColumn<SubscriberRow>[] {
  return [
    {
      id: 'select',
      header: 'Select',
      width: '4.5rem',
      cell: (p) =>
        removable(p.user_id) ? (
          <Checkbox
            aria-label={`Select ${p.full_name}`}
            checked={chosen.has(p.user_id)}
            onChange={() => toggle(p.user_id)}
          />
        ) : null,
    },
    { id: 'name', header: 'Name', width: 'minmax(10rem, 1fr)', cell: (p) => p.full_name },
    { id: 'email', header: 'Email', width: 'minmax(12rem, 1fr)', cell: (p) => p.email },
  ];
}

/** The people chosen for removal, removing them and adding others, each reported person by person. */
function useSubscriberChanges(
  channel: Channel,
  lookup: ReturnType<typeof useGroupLookup>,
  removable: (id: number) => boolean,
) {
  const remove = useRemoveSubscribers();
  const subscribe = useSubscribe();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nameOf = (id: number) => lookup.peopleById.get(id)?.full_name ?? `User ${id}`;

  const toggle = (id: number) =>
    setChosen((prev) => {
      if (!removable(id)) return prev;
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const doRemove = () => {
    const userIds = [...chosen];
    remove.mutate(
      { channelName: channel.name, userIds },
      {
        onSuccess: (results) => {
          setConfirming(false);
          setChosen(new Set());
          setOutcome({
            kind: 'removed',
            done: results.filter((r) => r.removed).map((r) => nameOf(r.userId)),
            unchanged: results.filter((r) => !r.removed).map((r) => nameOf(r.userId)),
            error: null,
          });
        },
        onError: (error) => {
          setConfirming(false);
          setOutcome({ kind: 'removed', done: [], unchanged: [], error: subscriptionErrorText(error) });
        },
      },
    );
  };

  const doAdd = (principals: number[], done: () => void) => {
    // Keys are user IDs on current servers, emails on old ones.
    const wasAdded = (added: ReadonlySet<string>, id: number) =>
      added.has(String(id)) || added.has(lookup.peopleById.get(id)?.email ?? '');
    subscribe.mutate(
      { subscriptions: [{ name: channel.name }], principals },
      {
        onSuccess: (result) => {
          const added = new Set(Object.keys(result.subscribed));
          done();
          setOutcome({
            kind: 'added',
            done: principals.filter((id) => wasAdded(added, id)).map(nameOf),
            unchanged: principals.filter((id) => !wasAdded(added, id)).map(nameOf),
            error: null,
          });
        },
        onError: (error) => setOutcome({ kind: 'added', done: [], unchanged: [], error: subscriptionErrorText(error) }),
      },
    );
  };
  return { remove, subscribe, chosen, toggle, confirming, setConfirming, outcome, doRemove, doAdd, nameOf };
}

/** Who is subscribed; remove chosen people (with a per-person report) or add people. */
export function SubscribersPanel({ channel }: { channel: Channel }) {
  const { role, user } = useRole();
  const lookup = useGroupLookup();
  const realm = useChannelsRealm();
  const subscribers = useSubscribers(channel.stream_id);
  const ability = removeSubscribersAbility(
    role,
    user?.userId ?? null,
    channel.can_remove_subscribers_group,
    lookup.membership,
  );
  const adding = addSubscribersAbility(role, user?.userId ?? null, realm.data, channel, lookup.membership);
  // Anyone may take themselves out; others only with the permission (the server refuses the rest).
  const removable = (id: number) => ability.allowed || id === user?.userId;
  const changes = useSubscriberChanges(channel, lookup, removable);
  const { chosen, toggle } = changes;
  const rows = useMemo(
    () =>
      (subscribers.data ?? [])
        .map((id) => lookup.peopleById.get(id) ?? { user_id: id, full_name: `User ${id}`, email: '', is_active: true })
        .sort((a, b) => a.full_name.localeCompare(b.full_name)),
    [subscribers.data, lookup.peopleById],
  );
  if (subscribers.isPending) return <Loader size="xs" aria-label="Loading subscribers" />;
  if (subscribers.isError) {
    return (
      <LoadError
        title="Subscribers could not be loaded"
        error={subscribers.error}
        onRetry={() => void subscribers.refetch()}
      />
    );
  }

  return (
    <Stack gap="md">
      <Title order={4}>Add subscribers</Title>
      {adding.allowed ? (
        <AddSubscribers
          people={lookup.people}
          subscribers={subscribers.data}
          pending={changes.subscribe.isPending}
          onAdd={changes.doAdd}
        />
      ) : (
        <Text size="sm" c="dimmed" role="note">
          {adding.reason}
        </Text>
      )}
      {changes.outcome ? <OutcomeReport outcome={changes.outcome} /> : null}
      <RemoveSelectedBar
        count={rows.length}
        chosen={chosen.size}
        ability={ability}
        subscribed={user !== null && subscribers.data.includes(user.userId)}
        onRemove={() => changes.setConfirming(true)}
      />
      <DataTable
        label="Subscribers"
        rows={rows}
        columns={subscriberColumns(chosen, toggle, removable)}
        getRowId={(p) => p.user_id}
        onSelect={(p) => toggle(p.user_id)}
        height="min(45vh, 420px)"
        empty="Nobody is subscribed."
      />
      <RemoveSubscribersModal
        opened={changes.confirming}
        channelName={channel.name}
        names={[...chosen].map(changes.nameOf)}
        pending={changes.remove.isPending}
        onConfirm={changes.doRemove}
        onClose={() => changes.setConfirming(false)}
      />
    </Stack>
  );
}

interface RemoveSelectedBarProps {
  /** How many people are subscribed. */
  count: number;
  /** How many of them are chosen for removal. */
  chosen: number;
  ability: Ability;
  /** Whether the signed-in user is among the subscribers (so may remove themselves). */
  subscribed: boolean;
  onRemove: () => void;
}

/** The subscriber count and the Remove selected button, with why others cannot be removed. */
function RemoveSelectedBar({ count, chosen, ability, subscribed, onRemove }: RemoveSelectedBarProps) {
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Title order={4}>{countOf(count, 'subscriber', 'subscribers')}</Title>
        <Button
          color="red"
          variant="light"
          disabled={chosen === 0}
          onClick={onRemove}
          title={ability.reason ?? undefined}
        >
          Remove selected ({chosen})
        </Button>
      </Group>
      {!ability.allowed ? (
        <Text size="sm" c="dimmed" role="note">
          {ability.reason}
          {subscribed ? ' You can remove yourself.' : ''}
        </Text>
      ) : null}
    </>
  );
}

interface AddSubscribersProps {
  people: readonly Person[];
  subscribers: readonly number[];
  pending: boolean;
  onAdd: (principals: number[], done: () => void) => void;
}

/** Everyone active who is not subscribed yet, found by name or email. */
function AddSubscribers({ people, subscribers, pending, onAdd }: AddSubscribersProps) {
  const candidates = useMemo(() => {
    const subscribed = new Set(subscribers);
    return people
      .filter((p) => p.is_active && !subscribed.has(p.user_id))
      .map((p) => ({ value: String(p.user_id), label: p.email ? `${p.full_name} (${p.email})` : p.full_name }));
  }, [people, subscribers]);
  return (
    <MembershipPanel
      label="People to subscribe"
      placeholder="Search people"
      candidates={candidates}
      submitLabel="Subscribe"
      pending={pending}
      limit={50}
      onAdd={onAdd}
    />
  );
}

function OutcomeReport({ outcome }: { outcome: Outcome }) {
  if (outcome.error) {
    return (
      <Alert color="red" variant="light" title={outcome.kind === 'removed' ? 'Not removed' : 'Not subscribed'}>
        {outcome.error}
      </Alert>
    );
  }
  const verb = outcome.kind === 'removed' ? 'Removed' : 'Subscribed';
  const unchanged = outcome.kind === 'removed' ? 'Not removed (was not subscribed)' : 'Already subscribed';
  return (
    <Alert color="teal" variant="light" title={`${verb} ${outcome.done.length}`} role="status">
      {outcome.done.length > 0 ? <Text size="sm">{`${verb}: ${outcome.done.join(', ')}`}</Text> : null}
      {outcome.unchanged.length > 0 ? <Text size="sm">{`${unchanged}: ${outcome.unchanged.join(', ')}`}</Text> : null}
    </Alert>
  );
}
