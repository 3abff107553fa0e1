// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../shared/svc/messages';
import { MessageFeed } from './message-feed';

/** jsdom lays nothing out: give the feed its viewport and every row the one-line height. */
const ROW = 96;
const VIEWPORT = 570;
const restore: (() => void)[] = [];
function stub(property: 'clientHeight' | 'offsetHeight' | 'scrollHeight', get: (el: HTMLElement) => number) {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, property);
  Object.defineProperty(HTMLElement.prototype, property, {
    configurable: true,
    get(this: HTMLElement) {
      return get(this);
    },
  });
  restore.push(() =>
    original
      ? Object.defineProperty(HTMLElement.prototype, property, original)
      : Reflect.deleteProperty(HTMLElement.prototype, property),
  );
}
const isFeed = (el: HTMLElement) => el.getAttribute('role') === 'feed';
beforeAll(() => {
  stub('clientHeight', (el) => (isFeed(el) ? VIEWPORT : 0));
  stub('offsetHeight', (el) => (el.hasAttribute('data-index') ? ROW : 0));
  stub('scrollHeight', (el) => (isFeed(el) ? parseFloat((el.firstElementChild as HTMLElement).style.height) : 0));
});
afterAll(() => restore.forEach((r) => r()));

function messages(from: number, to: number): Message[] {
  return Array.from({ length: to - from + 1 }, (_, i) => ({
    id: from + i,
    sender_id: 1,
    sender_full_name: 'Ann',
    type: 'stream',
    content: `<p>Message body ${from + i}</p>`,
    subject: 'lunch',
    timestamp: 1_700_000_000,
    display_recipient: 'general',
  }));
}

function feed(list: Message[]) {
  return (
    <MantineProvider env="test">
      <MessageFeed
        messages={list}
        label="lunch"
        busy={false}
        highlights={undefined}
        canEdit={() => true}
        onAction={vi.fn()}
      />
    </MantineProvider>
  );
}

describe('MessageFeed', () => {
  it('opens on the newest messages in its first render, and renders only a window of them', () => {
    render(feed(messages(1001, 2000)));
    const rows = screen.getAllByRole('article');
    expect(rows.length).toBeLessThan(30);
    expect(screen.getByRole('article', { name: /^Message 1000 of 1000,/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Message 1 of 1000,/ })).toBeNull();
  });

  it("keeps the reader's place when older messages are prepended", () => {
    const view = render(feed(messages(1001, 2000)));
    const newest = screen.getByText('Message body 2000');
    view.rerender(feed(messages(1, 2000)));
    // The same messages stay on screen (the same nodes), now counted among 2,000.
    expect(screen.getByText('Message body 2000')).toBe(newest);
    expect(screen.getByRole('article', { name: /^Message 2000 of 2000,/ })).toBeInTheDocument();
    expect(screen.queryByText('Message body 1000')).toBeNull();
  });
});
