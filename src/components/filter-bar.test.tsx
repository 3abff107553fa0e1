// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { countOf } from '../client/count-of';
import { LabelledChoice } from './labelled-choice';
import { ListStatus } from './list-status';

type Show = 'all' | 'open' | 'closed';

describe('LabelledChoice', () => {
  it('is a radio group named by its label that hands back the chosen value', async () => {
    const onChange = vi.fn<(value: Show) => void>();
    render(
      <MantineProvider env="test">
        <LabelledChoice<Show>
          label="Show"
          data={[
            { value: 'all', label: 'All' },
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
          ]}
          value="all"
          onChange={onChange}
        />
        <LabelledChoice<Show> label="Status" data={['all', 'open']} value="open" onChange={() => undefined} />
      </MantineProvider>,
    );
    const show = screen.getByRole('radiogroup', { name: 'Show' });
    expect(screen.getByRole('radiogroup', { name: 'Status' })).not.toBe(show);
    await userEvent.click(screen.getByRole('radio', { name: 'Closed' }));
    expect(onChange).toHaveBeenCalledWith('closed');
  });
});

describe('ListStatus', () => {
  it('announces what the list holds, with a spinner only while it is refreshed', () => {
    const { rerender } = render(
      <MantineProvider env="test">
        <ListStatus>{countOf(1, 'channel', 'channels')}</ListStatus>
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 channel');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByLabelText('Updating')).toBeNull();
    rerender(
      <MantineProvider env="test">
        <ListStatus updating updatingLabel="Loading">
          {countOf(12_345, 'channel', 'channels')}
        </ListStatus>
      </MantineProvider>,
    );
    expect(screen.getByRole('status').textContent).toMatch(/^12.345 channels$/);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
  });
});

describe('countOf', () => {
  it('agrees the noun with the number', () => {
    expect(countOf(0, 'topic', 'topics')).toBe('0 topics');
    expect(countOf(1, 'topic', 'topics')).toBe('1 topic');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
