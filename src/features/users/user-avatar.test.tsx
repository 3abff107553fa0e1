// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../components/data-table/data-table';
import { initialsColor, initialsOf, UserAvatar } from './user-avatar';

const picture = 'https://avatars.example/1.png';

describe('UserAvatar', () => {
  it('shows initials in a colour derived from the name, hidden from assistive technology', () => {
    const { container } = render(<UserAvatar user={{ full_name: 'Mia Member', avatar_url: null }} />);
    const root = container.firstElementChild!;
    expect(root).toHaveAttribute('aria-hidden', 'true');
    expect(root).toHaveTextContent('MM');
    expect(container.querySelector('img')).toBeNull();
    expect(initialsOf('Mia Member')).toBe('MM');
    expect(initialsOf('Cher')).toBe('CH');
    expect(initialsOf('Anna Maria Lee')).toBe('AM');
    // Same name, same colour; Mantine's palette.
    expect(initialsColor('Mia Member')).toBe(initialsColor('Mia Member'));
    expect(['blue', 'cyan', 'grape', 'green', 'indigo', 'lime', 'orange', 'pink', 'red', 'teal', 'violet']).toContain(
      initialsColor('Mia Member'),
    );
  });

  it('loads the picture lazily over the initials and hides it if it fails', () => {
    const { container } = render(<UserAvatar user={{ full_name: 'Mia Member', avatar_url: picture }} />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', picture);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('alt', '');
    fireEvent.error(img);
    expect(img.hidden).toBe(true);
    expect(container.firstElementChild).toHaveTextContent('MM');
  });

  it('holds pictures back while its table scrolls, then keeps them', () => {
    vi.useFakeTimers();
    try {
      const rows = Array.from({ length: 1_000 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
      render(
        <MantineProvider env="test">
          <DataTable
            label="People"
            rows={rows}
            columns={[
              {
                id: 'name',
                header: 'Name',
                cell: (r) => <UserAvatar user={{ full_name: r.name, avatar_url: `${picture}?${r.id}` }} />,
              },
            ]}
            getRowId={(r) => r.id}
          />
        </MantineProvider>,
      );
      const table = screen.getByRole('table', { name: 'People' });
      const pictures = () => table.querySelectorAll('img').length;
      const shownAtRest = pictures();
      expect(shownAtRest).toBeGreaterThan(0);
      // Rows that come into view while scrolling show initials only...
      table.scrollTop = 2_600;
      fireEvent.scroll(table);
      const scrolledRows = [...table.querySelectorAll('[role="row"][aria-rowindex]')].filter(
        (r) => Number(r.getAttribute('aria-rowindex')) > 45,
      );
      expect(scrolledRows.length).toBeGreaterThan(0);
      for (const row of scrolledRows) expect(row.querySelector('img')).toBeNull();
      // ...and their pictures once it stops.
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      for (const row of scrolledRows) expect(row.querySelector('img')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
