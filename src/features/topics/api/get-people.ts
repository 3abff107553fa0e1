import { usePeople, type Person } from '../../../client/people';

// Defined once, so the directory's query keeps the map until the people change.
const namesById = (people: Person[]) => new Map(people.map((p) => [p.user_id, p.full_name] as const));

/** Names for participants and senders, by user ID. */
export function useTopicPeople() {
  return usePeople(namesById);
}
