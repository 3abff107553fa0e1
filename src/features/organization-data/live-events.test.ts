import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { playgroundsQueryOptions } from './api/code-playgrounds';
import { organizationDataEventHandlers } from './live-events';

const playground = (id: number) => ({
  id,
  name: `P${id}`,
  pygments_language: 'Python',
  url_template: 'https://x/{code}',
});
type Playground = ReturnType<typeof playground>;

describe('organization data events', () => {
  it('a re-read answered from before the event does not put back what the event removed', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { queryKey } = playgroundsQueryOptions();
    client.setQueryData(queryKey, [playground(1), playground(2)]);
    // A write's re-read, still in flight, which the BFF answered with the list from before the removal.
    let answer: (list: Playground[]) => void = () => undefined;
    const reread = client.fetchQuery({
      queryKey,
      queryFn: () => new Promise<Playground[]>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    const event = { id: 3, type: 'realm_playgrounds', realm_playgrounds: [playground(1)] };
    organizationDataEventHandlers.realm_playgrounds!(event, client);
    expect(client.getQueryData(queryKey)).toEqual([playground(1)]);
    answer([playground(1), playground(2)]);
    await reread.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(queryKey)).toEqual([playground(1)]);
  });

  it('of two events in a row, the newer list stays', async () => {
    const client = new QueryClient();
    const { queryKey } = playgroundsQueryOptions();
    const handle = organizationDataEventHandlers.realm_playgrounds!;
    handle({ id: 1, type: 'realm_playgrounds', realm_playgrounds: [playground(1)] }, client);
    handle({ id: 2, type: 'realm_playgrounds', realm_playgrounds: [playground(2)] }, client);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(queryKey)).toEqual([playground(2)]);
  });
});
