// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, useDataTableScrolling, type DataTableColumn } from './data-table';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
const columns: DataTableColumn<Row>[] = [
  { id: 'id', header: 'ID', width: '5rem', cell: (r) => r.id },
  { id: 'name', header: 'Name', cell: (r) => r.name },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <MantineProvider env="test">
      <DataTable label="People" rows={rows} columns={columns} getRowId={(r) => r.id} {...props} />
    </MantineProvider>,
  );
}

describe('DataTable', () => {
  it('exposes table semantics and renders only a window of a long list', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Name']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.length).toBeGreaterThan(10);
    expect(bodyRows.length).toBeLessThan(60);
    expect(bodyRows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(
      within(bodyRows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Person 1']);
  });

  it('selects a row on click and marks the selected one', async () => {
    const onSelect = vi.fn();
    const view = renderTable({ onSelect, selectedId: 3 });
    expect(screen.getByRole('row', { name: /Person 3$/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('row', { name: /Person 2$/ })).not.toHaveAttribute('aria-current');
    await userEvent.click(screen.getByRole('row', { name: /Person 5$/ }));
    expect(onSelect).toHaveBeenCalledWith({ id: 5, name: 'Person 5' });
    view.unmount();
  });

  it('reports a press of the mouse’s primary button on a row, not on a control in it, another button or a touch', () => {
    const onPress = vi.fn();
    const onSelect = vi.fn();
    renderTable({
      onPress,
      onSelect,
      columns: [...columns, { id: 'act', header: 'Action', cell: (r) => <button type="button">Act {r.id}</button> }],
    });
    const mouse = { pointerType: 'mouse', button: 0 };
    fireEvent.pointerDown(screen.getByRole('row', { name: /Person 4 Act 4$/ }), mouse);
    expect(onPress).toHaveBeenCalledWith({ id: 4, name: 'Person 4' });
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Act 5' }), mouse);
    fireEvent.pointerDown(screen.getByRole('row', { name: /Person 6 Act 6$/ }), { ...mouse, button: 2 });
    fireEvent.pointerDown(screen.getByRole('row', { name: /Person 7 Act 7$/ }), { pointerType: 'touch', button: 0 });
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('moves with the arrow keys and selects with Enter or Space', async () => {
    const onSelect = vi.fn();
    renderTable({ onSelect });
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('row', { name: /Person 1$/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('row', { name: /Person 3$/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('row', { name: /Person 2$/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith({ id: 2, name: 'Person 2' });
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledTimes(2);
    await user.keyboard('{Home}');
    expect(screen.getByRole('row', { name: /Person 1$/ })).toHaveFocus();
    // Only one row is in the tab order at a time.
    expect(screen.getAllByRole('row').filter((r) => r.tabIndex === 0)).toHaveLength(1);
  });

  it('leaves clicks and keys in a control inside a row to the control', async () => {
    const onSelect = vi.fn();
    const toggled = vi.fn();
    renderTable({
      onSelect,
      columns: [
        ...columns,
        {
          id: 'on',
          header: 'On',
          cell: (r) => <input type="checkbox" aria-label={`On ${r.id}`} onChange={() => toggled(r.id)} />,
        },
        {
          id: 'level',
          header: 'Level',
          cell: (r) => (
            <select aria-label={`Level ${r.id}`} defaultValue="low">
              <option value="low">Low</option>
              <option value="high">High</option>
            </select>
          ),
        },
      ],
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'On 2' }));
    expect(toggled).toHaveBeenCalledWith(2);
    expect(screen.getByRole('checkbox', { name: 'On 2' })).toBeChecked();
    // Space on the focused checkbox toggles it back; it neither selects the row nor moves.
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'On 2' })).not.toBeChecked();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level 3' }), 'high');
    expect(screen.getByRole('combobox', { name: 'Level 3' })).toHaveValue('high');
    screen.getByRole('combobox', { name: 'Level 3' }).focus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('combobox', { name: 'Level 3' })).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();
    // The row itself still selects.
    await user.click(screen.getByRole('row', { name: /Person 4/ }));
    expect(onSelect).toHaveBeenCalledWith({ id: 4, name: 'Person 4' });
  });

  it('shows the empty message without rows', () => {
    renderTable({ rows: [], empty: 'No people.' });
    expect(screen.getByText('No people.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-rowcount', '1');
  });
});

describe('DataTable rendering', () => {
  it('renders a row again only when its own props change', () => {
    const cell = vi.fn((r: Row) => r.name);
    const counted: DataTableColumn<Row>[] = [{ id: 'name', header: 'Name', cell }];
    const view = render(
      <MantineProvider env="test">
        <DataTable label="People" rows={rows} columns={counted} getRowId={(r) => r.id} />
      </MantineProvider>,
    );
    const rendered = cell.mock.calls.length;
    expect(rendered).toBeGreaterThan(0);
    // The parent re-renders with the same rows and columns (a new getRowId, as callers write it inline).
    view.rerender(
      <MantineProvider env="test">
        <DataTable label="People" rows={rows} columns={counted} getRowId={(r) => r.id} selectedId={2} />
      </MantineProvider>,
    );
    // Only the newly selected row rendered its cells again.
    expect(cell.mock.calls.length).toBe(rendered + 1);
  });

  it('keys rows by ID by default and by position with recycleRows', () => {
    const other = rows.slice(500);
    for (const recycleRows of [false, true]) {
      const view = render(
        <MantineProvider env="test">
          <DataTable label="People" rows={rows} columns={columns} getRowId={(r) => r.id} recycleRows={recycleRows} />
        </MantineProvider>,
      );
      const first = screen.getAllByRole('row')[1]!;
      view.rerender(
        <MantineProvider env="test">
          <DataTable label="People" rows={other} columns={columns} getRowId={(r) => r.id} recycleRows={recycleRows} />
        </MantineProvider>,
      );
      const now = screen.getAllByRole('row')[1]!;
      expect(now).toHaveTextContent('Person 501');
      expect(now).toHaveAttribute('aria-rowindex', '2');
      // Recycled: the same element now shows another row; keyed by ID: a new element.
      expect(now === first).toBe(recycleRows);
      view.unmount();
    }
  });

  it('tells cells whether the table is scrolling', () => {
    vi.useFakeTimers();
    try {
      function ScrollState({ row }: { row: Row }) {
        return <>{`${row.name}: ${useDataTableScrolling() ? 'scrolling' : 'still'}`}</>;
      }
      const probe: DataTableColumn<Row>[] = [{ id: 'state', header: 'State', cell: (r) => <ScrollState row={r} /> }];
      render(
        <MantineProvider env="test">
          <DataTable label="People" rows={rows} columns={probe} getRowId={(r) => r.id} />
        </MantineProvider>,
      );
      const table = screen.getByRole('table', { name: 'People' });
      expect(screen.getByRole('row', { name: /Person 1: still/ })).toBeInTheDocument();
      table.scrollTop = 30;
      fireEvent.scroll(table);
      expect(screen.getByRole('row', { name: /Person 1: scrolling/ })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      expect(screen.getByRole('row', { name: /Person 1: still/ })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
