// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BulkRun, BulkRunSummary } from '../../../shared/bff/bulk';
import { setupSimServer } from '../../../testing/msw-sim';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { BulkRunsPage } from './bulk-runs-page';
import { runOf, runRow, runSummary, undoPreviewOf } from './run-fixtures';

const env = setupSimServer({ as: 'admin@demo.test' });

const mine = runSummary({ id: 'run-mine', label: 'Deactivate 2 users' });
const theirs = runSummary({
  id: 'run-theirs',
  label: 'Change the role of 1 user to Moderator',
  kind: 'change_role',
  mine: false,
  startedBy: { userId: 1, name: 'Olivia Owner' },
  createdAt: mine.createdAt + 60_000,
});
const undone = runSummary({ id: 'run-undone', label: 'Deactivate 5 users', undoable: false, undoneBy: 'run-mine' });

/** The BFF's bulk routes answering these runs (the simulator has no bulk runs of its own: the BFF keeps them). */
function serveRuns(runs: BulkRunSummary[], details: Record<string, BulkRun>) {
  env.server.use(
    http.get('*/bff/bulk/history', () => HttpResponse.json({ runs })),
    http.get('*/bff/bulk/history/:id', ({ params }) => {
      const run = details[String(params.id)];
      return run
        ? HttpResponse.json(run)
        : HttpResponse.json({ result: 'error', code: 'BULK_RUN_NOT_FOUND', msg: 'No such bulk run.' }, { status: 404 });
    }),
  );
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/users/bulk-runs/:runId?" element={<BulkRunsPage />} />
    </Routes>,
    { route },
  );
}

describe('Bulk runs page', () => {
  it('lists every run with who started it, its action, state, outcome and whether it can be undone', async () => {
    serveRuns([theirs, mine, undone], {});
    renderAt('/users/bulk-runs');
    const table = await screen.findByRole('table', { name: 'Bulk runs' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const mineRow = within(table).getByRole('row', { name: /Deactivate 2 users/ });
    expect(mineRow).toHaveTextContent('Adam Admin (you)');
    expect(mineRow).toHaveTextContent('Finished');
    expect(mineRow).toHaveTextContent('2 done · 1 skipped · 0 failed');
    expect(mineRow).toHaveTextContent('Can be undone');
    expect(within(mineRow).getByRole('link', { name: 'Deactivate 2 users' })).toHaveAttribute(
      'href',
      '/users/bulk-runs/run-mine',
    );
    const theirRow = within(table).getByRole('row', { name: /Moderator/ });
    expect(theirRow).toHaveTextContent('Olivia Owner');
    expect(theirRow).not.toHaveTextContent('(you)');
    expect(theirRow).toHaveTextContent('Its owner can undo');
    expect(within(table).getByRole('row', { name: /Deactivate 5 users/ })).toHaveTextContent('Undone');
  });

  it('opens a run of mine with its rows; an undo with nobody left to change says so and cannot start', async () => {
    serveRuns([mine], { 'run-mine': runOf(mine, [runRow(11), runRow(12), runRow(13, { status: 'skipped' })]) });
    env.server.use(
      http.post('*/bff/bulk/runs/:id/undo-preview', () =>
        HttpResponse.json(
          undoPreviewOf(mine, {
            skipped: [11, 12].map((id) => ({
              ...runRow(id),
              reason: 'already_active' as const,
              reasonText: 'Already active.',
            })),
          }),
        ),
      ),
    );
    const view = renderAt('/users/bulk-runs/run-mine');
    const panel = await screen.findByRole('region', { name: 'Bulk run' });
    expect(await within(panel).findByText(/Started by you/)).toBeVisible();
    expect(within(panel).getByRole('table', { name: 'Bulk run rows' })).toHaveTextContent('person11@example.org');
    await view.user.click(within(panel).getByRole('button', { name: 'Reactivate this batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo: preview' });
    expect(dialog).toHaveTextContent('Nothing left to undo: nobody is still as the run left them');
    expect(within(dialog).getByRole('table', { name: 'Skipped users and why' })).toHaveTextContent('Already active.');
    expect(within(dialog).getByRole('button', { name: 'Start undo' })).toBeDisabled();
  });
});

describe('Bulk runs page: runs of others, and roles', () => {
  it("shows another administrator's run read-only, saying who can undo or stop it", async () => {
    const running = { ...theirs, status: 'running' as const, finishedAt: null };
    running.counts = { ...running.counts, pending: 1, done: 0 };
    serveRuns([theirs], {
      'run-theirs': runOf(theirs, [runRow(21, { role: 300, previousRole: 400 })]),
      'run-going': runOf({ ...running, id: 'run-going' }, [runRow(21, { status: 'pending' })]),
    });
    const view = renderAt('/users/bulk-runs/run-theirs');
    const panel = await screen.findByRole('region', { name: 'Bulk run' });
    expect(await within(panel).findByText(/Started by Olivia Owner/)).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Restore previous roles' })).toBeNull();
    expect(within(panel).getByText('Only Olivia Owner, who started this run, can undo it.')).toBeVisible();
    view.unmount();

    renderAt('/users/bulk-runs/run-going');
    const going = await screen.findByRole('region', { name: 'Bulk run' });
    expect(await within(going).findByText('Only Olivia Owner can pause or cancel this run.')).toBeVisible();
    expect(within(going).queryByRole('button', { name: 'Cancel run' })).toBeNull();
    expect(within(going).queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('an undone run links to the run that undid it', async () => {
    serveRuns([undone], { 'run-undone': runOf(undone, [runRow(31)]) });
    const view = renderAt('/users/bulk-runs/run-undone');
    const panel = await screen.findByRole('region', { name: 'Bulk run' });
    expect(await within(panel).findByText('Already undone by a later run.')).toBeVisible();
    await view.user.click(within(panel).getByRole('button', { name: 'Show the undo run' }));
    expect(view.location().pathname).toBe('/users/bulk-runs/run-mine');
  });

  it('is a calm refusal for non-administrators', async () => {
    env.signInAs('member@demo.test');
    renderAt('/users/bulk-runs');
    expect(await screen.findByText('For administrators only')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
