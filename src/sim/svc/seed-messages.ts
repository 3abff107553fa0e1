import { addAttachment, renderMessageContent, uploadLink } from './attachments';
import type { SeedTopicRequest } from './control';
import { renderMarkdown } from './markdown';
import { Random } from './random';
import type { SimChannel, SimEditHistoryEntry, SimMessage, SvcStore } from './store';

/**
 * The demo realm's channel messages: a few thousand over the demo channels, with realistic topics,
 * resolved ones (`✔ ` prefix), one empty-string topic in `general`, some edited and moved messages, and a
 * few unread ones. Deterministic: its own PRNG stream, so the rest of the realm does not shift. Times are
 * relative to the sim clock (recent activity stays recent), except the archived channel's, which are fixed.
 */

const RESOLVED = '✔ ';
const DAY = 86_400;

/** Topic plans per channel: name, how many messages, and whether it was resolved later. */
interface TopicPlan {
  name: string;
  count: number;
  resolved?: boolean;
}

const PLANS: Readonly<Record<string, readonly TopicPlan[]>> = {
  general: [
    { name: 'weekly sync', count: 260 },
    { name: 'lunch', count: 180 },
    { name: 'office move', count: 120 },
    { name: 'welcome', count: 90 },
    { name: 'random', count: 240 },
    { name: 'book club', count: 70 },
    { name: '', count: 110 },
    { name: 'wifi outage', count: 60, resolved: true },
    { name: 'holiday schedule', count: 50 },
    { name: 'team offsite', count: 140 },
  ],
  design: [
    { name: 'icons', count: 150 },
    { name: 'color palette', count: 110 },
    { name: 'accessibility review', count: 160 },
    { name: 'logo feedback', count: 80, resolved: true },
    { name: 'design system', count: 170 },
    { name: 'onboarding flow', count: 90 },
    { name: 'DESIGN-42 dark mode', count: 60 },
  ],
  announcements: [
    { name: 'launch', count: 40 },
    { name: 'company news', count: 50 },
    { name: 'policy updates', count: 25 },
    { name: 'new hires', count: 30 },
  ],
  leadership: [
    { name: 'budget', count: 70 },
    { name: 'hiring plan', count: 60 },
    { name: 'Q3 planning', count: 50 },
    { name: 'board meeting', count: 30 },
  ],
  support: [
    { name: 'SUP-1234 login loop', count: 140 },
    { name: 'password reset emails', count: 120, resolved: true },
    { name: 'billing questions', count: 230 },
    { name: 'CVE-2024-3094 response', count: 90, resolved: true },
    { name: 'api rate limits', count: 150 },
    { name: 'export to CSV', count: 110 },
    { name: 'known issues', count: 200 },
  ],
  'legacy-releases': [
    { name: 'release 1.0', count: 90 },
    { name: 'release 1.1', count: 70 },
    { name: 'release 2.0', count: 110 },
    { name: 'release 2.1 hotfix', count: 40, resolved: true },
  ],
};

/** The messages of `support`/`known issues` that stay unread for everyone but their sender. */
export const UNREAD_KNOWN_ISSUES = 15;

const OPENERS = [
  'Quick update:',
  'Heads up:',
  'Following up on this:',
  'Good point.',
  'Agreed.',
  'I checked, and',
  'Small thing:',
  'For the record,',
  'Thanks!',
  'Question:',
];
const BODIES = [
  'the draft is in the shared folder.',
  'we should decide by **Friday**.',
  'can someone take a look at this today?',
  'I moved the notes to the wiki.',
  'this works for me, ship it.',
  'the numbers look better than last week.',
  'let us keep this thread for follow-ups.',
  'I will pair with @**Mia Member** on it.',
  'see https://example.com/status for the details.',
  'the `staging` environment has the fix.',
  'we need one more review before merging.',
  '*tentatively* next Tuesday works.',
  'I added a checklist:\n- scope\n- owners\n- dates',
  'no blockers from my side.',
];

/** Older archived-channel history: fixed instants, so it never counts as recent. */
const LEGACY_FROM = Date.UTC(2019, 0, 7) / 1000;
const LEGACY_UNTIL = Date.UTC(2020, 11, 18) / 1000;

interface Planned {
  channel: SimChannel;
  topic: string;
  resolved: boolean;
  timestamp: number;
}

function plannedMessages(store: SvcStore, rng: Random): Planned[] {
  const now = Math.floor(store.now() / 1000);
  const planned: Planned[] = [];
  for (const channel of store.channels) {
    const plans = PLANS[channel.name];
    if (!plans) continue;
    const from = channel.isArchived ? LEGACY_FROM : Math.max(channel.dateCreated, now - 120 * DAY);
    const until = channel.isArchived ? LEGACY_UNTIL : now - 600;
    for (const plan of plans) {
      // Each topic lives in its own stretch of the channel's time, so topics start and end at different times.
      const start = rng.int(from, from + Math.floor((until - from) * 0.6));
      for (let i = 0; i < plan.count; i++) {
        planned.push({
          channel,
          topic: plan.name,
          resolved: plan.resolved ?? false,
          timestamp: rng.int(start, until),
        });
      }
    }
  }
  return planned.sort((a, b) => a.timestamp - b.timestamp);
}

/** Who writes where: anyone subscribed, except that only administrators post announcements. */
function sendersOf(store: SvcStore, channel: SimChannel): number[] {
  const subscribers = [...channel.subscribers].filter((id) => store.user(id)?.isActive).sort((a, b) => a - b);
  if (channel.name !== 'announcements') return subscribers;
  return subscribers.filter((id) => {
    const role = store.user(id)?.role;
    return role === 100 || role === 200;
  });
}

function content(rng: Random): string {
  return `${rng.pick(OPENERS)} ${rng.pick(BODIES)}`;
}

export function seedMessages(store: SvcStore): void {
  const rng = new Random(4_170);
  const now = Math.floor(store.now() / 1000);
  const senders = new Map(store.channels.map((c) => [c.stream_id, sendersOf(store, c)]));
  const added: SimMessage[] = [];
  for (const plan of plannedMessages(store, rng)) {
    const from = senders.get(plan.channel.stream_id) ?? [];
    if (from.length === 0) continue;
    const senderId = rng.pick(from);
    const text = content(rng);
    const topic = plan.resolved ? `${RESOLVED}${plan.topic}` : plan.topic;
    const editHistory: SimEditHistoryEntry[] = [];
    let lastEditTimestamp: number | null = null;
    let lastMovedTimestamp: number | null = null;
    let body = text;
    if (plan.resolved) {
      // Resolving renames the whole topic: a topic change in every message's history, not a move.
      editHistory.push({
        userId: senderId,
        timestamp: Math.min(now, plan.timestamp + DAY),
        prevTopic: plan.topic,
        topic,
      });
    }
    if (rng.chance(0.03)) {
      const edited = Math.min(now, plan.timestamp + rng.int(30, 900));
      body = `${text} (edited: clarified)`;
      editHistory.push({
        userId: senderId,
        timestamp: edited,
        prevContent: text,
        prevRenderedContent: renderMarkdown(text),
      });
      lastEditTimestamp = edited;
    } else if (plan.topic === 'onboarding flow' && rng.chance(0.15)) {
      const moved = Math.min(now, plan.timestamp + rng.int(60, 3_600));
      editHistory.push({ userId: senderId, timestamp: moved, prevTopic: 'random', topic: plan.topic });
      lastMovedTimestamp = moved;
    }
    // The server keeps history oldest first; entries are added in that order above.
    editHistory.sort((a, b) => a.timestamp - b.timestamp);
    const recent = plan.timestamp > now - 2 * DAY;
    const readBy = new Set([...plan.channel.subscribers].filter((id) => id === senderId || !recent || rng.chance(0.5)));
    added.push(
      store.addMessage({
        senderId,
        streamId: plan.channel.stream_id,
        topic,
        content: body,
        renderedContent: renderMarkdown(body),
        timestamp: plan.timestamp,
        lastEditTimestamp,
        lastMovedTimestamp,
        editHistory,
        readBy,
      }),
    );
  }
  // A known stretch of unread messages, for the unread tools to act on.
  const knownIssues = added.filter((m) => m.topic === 'known issues');
  for (const m of knownIssues.slice(-UNREAD_KNOWN_ISSUES)) m.readBy = new Set([m.senderId]);
  seedUploads(store, added);
}

/** Files shared in the demo messages: channel, topic, file name, size. Fixed path IDs, no randomness. */
export const SEEDED_UPLOADS = [
  { channel: 'design', topic: 'icons', name: 'icon-set-v2.png', size: 184_320 },
  { channel: 'design', topic: 'color palette', name: 'palette.pdf', size: 96_512 },
  { channel: 'support', topic: 'export to CSV', name: 'export-sample.csv', size: 2_048 },
  { channel: 'general', topic: 'office move', name: 'floor-plan.pdf', size: 512_000 },
] as const;

/**
 * Attaches each seeded upload to the newest message of its topic: the sender owns the file, and the link
 * (`[name](/user_uploads/…)`) is the only one to it, so an edit removing it detaches the upload.
 */
function seedUploads(store: SvcStore, added: readonly SimMessage[]): void {
  for (const [i, upload] of SEEDED_UPLOADS.entries()) {
    const channel = store.channels.find((c) => c.name === upload.channel);
    const target = channel && added.findLast((m) => m.streamId === channel.stream_id && m.topic === upload.topic);
    if (!target) continue;
    const attachment = addAttachment(store, {
      ownerId: target.senderId,
      name: upload.name,
      pathId: `${store.realm.id}/${(0x3a + i).toString(16)}/demo${i + 1}Upl0ad/${upload.name}`,
      size: upload.size,
      createTime: target.timestamp * 1000,
    });
    target.content = `${target.content}\n\n${uploadLink(attachment)}`;
    target.renderedContent = renderMessageContent(target.content);
  }
}

/**
 * Adds `count` messages to one topic at once (for tests that need a large topic), sent now and read by
 * every subscriber; `sender_email` defaults to the channel's creator (or its first subscriber). Returns
 * the first and last new IDs. What `POST /__sim/seed-topic` runs.
 */
export function seedTopicMessages(store: SvcStore, input: SeedTopicRequest): { first_id: number; last_id: number } {
  const channel = store.channel(input.streamId);
  if (!channel) throw new RangeError('Invalid stream_id');
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > 20_000)
    throw new RangeError('count must be an integer from 1 to 20000');
  const sender =
    input.senderEmail !== undefined
      ? store.userByDeliveryEmail(input.senderEmail)
      : store.user(channel.creatorId ?? [...channel.subscribers][0] ?? 0);
  if (!sender || !sender.isActive) throw new RangeError('Invalid sender_email');
  const senderId = sender.user_id;
  const now = Math.floor(store.now() / 1000);
  let first = 0;
  let last = 0;
  for (let i = 0; i < input.count; i++) {
    const body = `Bulk message ${i + 1} of ${input.count}.`;
    const m = store.addMessage({
      senderId,
      streamId: channel.stream_id,
      topic: input.topic,
      content: body,
      renderedContent: input.renderedContent ?? `<p>${body}</p>`,
      timestamp: now,
      lastEditTimestamp: null,
      lastMovedTimestamp: null,
      editHistory: [],
      readBy: new Set(channel.subscribers),
    });
    if (i === 0) first = m.id;
    last = m.id;
  }
  return { first_id: first, last_id: last };
}
