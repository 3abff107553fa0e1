import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import type { Message } from '../../shared/svc/messages';
import { MessageItem, type MessageAction } from './message-item';

/** A one-line message with its header; rows are measured once rendered, so this only places the rest. */
const ESTIMATED_ROW_HEIGHT = 96;

/** The feed fills the window below the drawer's header and controls. */
const FEED_OFFSET = 330;
const FEED_MIN_HEIGHT = 280;

/** The feed's height as its style will make it, known before it is in the DOM. */
function expectedFeedHeight(): number {
  return Math.max(FEED_MIN_HEIGHT, window.innerHeight - FEED_OFFSET);
}

interface MessageFeedProps {
  messages: readonly Message[];
  label: string;
  busy: boolean;
  /** The server's highlighted HTML by message ID, for the messages matching the search. */
  highlights: Readonly<Record<string, { match_content?: string }>> | undefined;
  /** Whether the signed-in user may edit a message's content. */
  canEdit: (message: Message) => boolean;
  onAction: (action: MessageAction, messageId: number) => void;
}

/**
 * A topic's loaded messages, oldest first, virtualized. Mounted once the first page is there, so its first
 * render already shows the newest messages (no render at the top followed by a scroll to the end), and
 * anchored at the end: a page of older messages prepended keeps the reader's place, placing the new rows
 * by estimate and measuring only those that come on screen.
 */
export function MessageFeed({ messages, label, busy, highlights, canEdit, onAction }: MessageFeedProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Stable while the messages are: the virtualizer re-places every row when the key function changes.
  const getItemKey = useCallback((index: number) => messages[index]!.id, [messages]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey,
    overscan: 6,
    anchorTo: 'end',
    // Where the first render starts: the newest messages at the bottom of a feed of the expected height
    // (without a size, the virtualizer would render no rows until it has measured the feed).
    initialRect: { width: 0, height: expectedFeedHeight() },
    initialOffset: () => Math.max(0, messages.length * ESTIMATED_ROW_HEIGHT - expectedFeedHeight()),
  });
  const total = messages.length;

  // The first offset is an estimate; once the rows on screen are measured, the feed settles on the newest
  // message's end, never in the middle of a message.
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || total === 0) return;
    settled.current = true;
    // After the first paint, when the rows on screen have their real heights.
    // Not cancelled when a page arrives meanwhile: it aims at whatever is newest when it runs.
    requestAnimationFrame(() => virtualizer.scrollToIndex(virtualizer.options.count - 1, { align: 'end' }));
  }, [virtualizer, total]);

  return (
    <div
      ref={scrollRef}
      role="feed"
      aria-label={`Messages in ${label}`}
      aria-busy={busy}
      style={{
        height: `calc(100dvh - ${FEED_OFFSET}px)`,
        minHeight: FEED_MIN_HEIGHT,
        overflowY: 'auto',
        contain: 'strict',
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <MessageItem
                message={message}
                position={item.index + 1}
                total={total}
                highlight={highlights?.[String(message.id)]?.match_content ?? null}
                canEdit={canEdit(message)}
                onAction={onAction}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
