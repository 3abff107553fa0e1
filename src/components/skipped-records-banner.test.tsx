// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bffFetch } from '../client/bff-fetch';
import { dismissSkippedRecords } from '../client/skipped-records';
import { SKIPPED_RECORDS_FIELD } from '../shared/bff/skipped-records';
import { SkippedRecordsBanner } from './skipped-records-banner';

function answer(body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200 }));
}

const skipped = (id: number) => ({ list: 'members', id, name: `Person ${id}`, problem: 'role: expected number' });

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissSkippedRecords());
});

describe('SkippedRecordsBanner', () => {
  it('names the records a read left out, keeps the rest of the answer, and forgets them once read cleanly', async () => {
    render(
      <MantineProvider env="test">
        <SkippedRecordsBanner />
      </MantineProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();

    answer({ result: 'success', msg: '', members: [{ user_id: 1 }], [SKIPPED_RECORDS_FIELD]: [skipped(2)] });
    let body: unknown;
    await act(async () => {
      body = await bffFetch('/bff/svc/users?client_gravatar=true');
    });
    expect((body as { members: unknown[] }).members).toHaveLength(1);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The chat server sent 1 record the console could not read');
    expect(alert).toHaveTextContent('person #2 (Person 2): role: expected number');

    // The same list read again without problems: nothing is skipped any more.
    answer({ result: 'success', msg: '', members: [{ user_id: 1 }, { user_id: 2 }] });
    await act(async () => {
      await bffFetch('/bff/svc/users');
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts every skipped record across reads, lists the first five, and can be dismissed', async () => {
    render(
      <MantineProvider env="test">
        <SkippedRecordsBanner />
      </MantineProvider>,
    );
    answer({ result: 'success', msg: '', [SKIPPED_RECORDS_FIELD]: [1, 2, 3, 4].map(skipped) });
    await act(async () => {
      await bffFetch('/bff/svc/users');
    });
    answer({ result: 'success', msg: '', [SKIPPED_RECORDS_FIELD]: [5, 6, 7].map(skipped) });
    await act(async () => {
      await bffFetch('/bff/svc/streams');
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('7 records');
    expect(alert).toHaveTextContent('and 2 more.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("names a record left out of a change's answer too (an upload an edit left behind)", async () => {
    render(
      <MantineProvider env="test">
        <SkippedRecordsBanner />
      </MantineProvider>,
    );
    const upload = { list: 'detached_uploads', id: 9, name: 'plan.pdf', problem: 'message_ids: expected array' };
    answer({ result: 'success', msg: '', detached_uploads: [], [SKIPPED_RECORDS_FIELD]: [upload] });
    await act(async () => {
      await bffFetch('/bff/svc/messages/5', { method: 'PATCH', body: 'content=x' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('upload the edit left behind #9 (plan.pdf)');
  });
});
