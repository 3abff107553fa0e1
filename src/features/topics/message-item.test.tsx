// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '../../shared/svc/messages';
import { formatLocalTime } from './local-time';
import { MessageItem } from './message-item';

const base: Message = {
  id: 42,
  sender_id: 7,
  sender_full_name: 'Ann Example',
  type: 'stream',
  content: '<p>Hello <b>all</b><img src="x" onerror="alert(1)"></p>',
  subject: 'lunch',
  timestamp: 1_700_000_000,
  display_recipient: 'general',
};

function renderItem(message: Message, highlight: string | null = null, canEdit = true) {
  const onAction = vi.fn();
  render(
    <MantineProvider env="test">
      <MessageItem
        message={message}
        position={3}
        total={10}
        highlight={highlight}
        canEdit={canEdit}
        onAction={onAction}
      />
    </MantineProvider>,
  );
  return { onAction, article: screen.getByRole('article', { name: 'Message 3 of 10, from Ann Example' }) };
}

describe('MessageItem', () => {
  it('shows sender, time and the sanitized content, with its place in the feed', () => {
    const { article } = renderItem(base);
    expect(article).toHaveAttribute('aria-posinset', '3');
    expect(article).toHaveAttribute('aria-setsize', '10');
    expect(within(article).getByText(formatLocalTime(base.timestamp))).toBeInTheDocument();
    expect(within(article).getByText('all').tagName).toBe('B');
    expect(article.querySelector('[onerror]')).toBeNull();
    expect(within(article).queryByText('Edited')).toBeNull();
    expect(within(article).queryByRole('button', { name: 'History' })).toBeNull();
  });

  it('marks edited and moved messages and offers their history', async () => {
    const { article, onAction } = renderItem({ ...base, last_edit_timestamp: 1, last_moved_timestamp: 2 });
    expect(within(article).getByText('Edited')).toBeInTheDocument();
    expect(within(article).getByText('Moved')).toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'History' }));
    await userEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    await userEvent.click(within(article).getByRole('button', { name: 'Move' }));
    expect(onAction.mock.calls).toEqual([
      ['history', 42],
      ['edit', 42],
      ['move', 42],
    ]);
  });

  it('counts reactions by emoji', () => {
    const reactions = [
      { emoji_name: 'tada', user_id: 1 },
      { emoji_name: 'tada', user_id: 2 },
      { emoji_name: 'eyes', user_id: 3 },
    ];
    const { article } = renderItem({ ...base, reactions });
    expect(within(article).getByText(':tada: 2')).toBeInTheDocument();
    expect(within(article).getByText(':eyes: 1')).toBeInTheDocument();
  });

  it("shows the server's highlighting for a search match", () => {
    const { article } = renderItem(base, '<p>Hello <span class="highlight">all</span></p>');
    expect(article).toHaveAttribute('data-highlight');
    expect(within(article).getByText('all')).toHaveClass('highlight');
  });
});

describe('MessageItem actions', () => {
  it('offers Edit only to whom the server would let edit', () => {
    renderItem(base, null, false);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move' })).toBeInTheDocument();
  });
});
