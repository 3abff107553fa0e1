import type { Channel, Draft } from '../../shared/svc/drafts';

export interface Person {
  user_id: number;
  full_name: string;
}

/** Where a draft would go, by name: `#channel › topic`, the direct-message people, or "Unaddressed". */
export function recipientLabel(
  draft: Pick<Draft, 'type' | 'to' | 'topic'>,
  channels: ReadonlyMap<number, Pick<Channel, 'name'>>,
  people: ReadonlyMap<number, Person>,
): string {
  if (draft.type === 'stream') {
    const names = draft.to.map((id) => `#${channels.get(id)?.name ?? `unknown channel ${id}`}`).join(', ');
    return `${names} › ${draft.topic === '' ? '(no topic)' : draft.topic}`;
  }
  if (draft.type === 'private') {
    if (draft.to.length === 0) return 'Direct message (no one yet)';
    return `Direct message to ${draft.to.map((id) => people.get(id)?.full_name ?? `user ${id}`).join(', ')}`;
  }
  return 'Unaddressed';
}
