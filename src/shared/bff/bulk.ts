import { z } from 'zod';
import { deactivationActionsSchema } from '../svc/deactivation';
import { roleSchema } from '../svc/records';
import { href, paths } from '../app-paths';
import { bffRoute } from './route-def';

/**
 * Bulk actions on users, run by the BFF (`/bff/bulk`): a preview says who is affected and who is skipped
 * and why; a run acts on exactly the previewed rows with bounded concurrency, survives the tab closing, and
 * can be paused, resumed, cancelled and (for what succeeded) undone.
 */
export const BULK_PATH = '/bff/bulk';
export const BULK_PREVIEW_PATH = `${BULK_PATH}/preview`;
export const BULK_RUNS_PATH = `${BULK_PATH}/runs`;
/** Every administrator's runs (read-only for runs of others): the Bulk runs page. */
export const BULK_HISTORY_PATH = `${BULK_PATH}/history`;
/** The console page listing bulk runs, and one run on it (the audit links there by `bulk_run_id`). */
export const BULK_RUNS_PAGE = paths.bulkRuns;
export const bulkRunPagePath = (runId: string) => href('bulkRuns', { runId });

/** At most this many users per bulk action. */
export const BULK_MAX_USERS = 10_000;
/** A preview can be run for this long; after that, preview again. */
export const BULK_PREVIEW_TTL_MS = 15 * 60_000;

const userIds = z.array(z.number().int().positive()).min(1, 'Select at least one user.').max(BULK_MAX_USERS);
const channelIds = z.array(z.number().int().positive()).min(1, 'Pick at least one channel.').max(100);

export const bulkActionKinds = ['deactivate', 'change_role', 'add_channels', 'remove_channels'] as const;

export const bulkActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('deactivate'),
    /** null: no notification email; a string (even empty) emails each user, with the text when non-empty. */
    comment: z.string().max(2000).nullable(),
    /** The spam clean-up of each deactivation (level 459); absent: none. */
    actions: deactivationActionsSchema.optional(),
  }),
  z.strictObject({ kind: z.literal('change_role'), role: roleSchema }),
  z.strictObject({ kind: z.literal('add_channels'), channelIds }),
  z.strictObject({ kind: z.literal('remove_channels'), channelIds }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;
export type BulkActionKind = BulkAction['kind'];

/** What an undo run does per row: reactivate, restore a role, or reverse a channel change. */
export const bulkUndoKinds = ['reactivate', 'restore_roles', 'undo_add_channels', 'undo_remove_channels'] as const;
export type BulkUndoKind = (typeof bulkUndoKinds)[number];
export type BulkRunKind = BulkActionKind | BulkUndoKind;

export const skipReasons = [
  'self',
  'already_deactivated',
  'already_active',
  'already_in_role',
  'last_owner',
  'bot_not_owned',
  'bot',
  'no_permission',
  'deactivated',
  'not_found',
  'already_in_channels',
  'not_in_channels',
  'changed_since',
] as const;
export type SkipReason = (typeof skipReasons)[number];

/** The sentence each skip reason shows (the preview, the run table and the tests use these). */
export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  self: 'Is yourself: the console never includes you in a bulk deactivation or role change.',
  already_deactivated: 'Already deactivated.',
  already_active: 'Already active.',
  already_in_role: 'Already in that role.',
  last_owner: 'Would remove the last owner of the organization.',
  bot_not_owned: "Is a bot you don't own.",
  bot: 'Is a bot: bots are deactivated from the bot settings.',
  no_permission: 'You lack permission: only owners can act on owners or make owners.',
  deactivated: 'Is deactivated.',
  not_found: 'No longer exists.',
  already_in_channels: 'Already subscribed to every selected channel.',
  not_in_channels: 'Not subscribed to any selected channel.',
  changed_since: 'Changed since the run: someone else has acted on this user.',
};

export const bulkPreviewRequestSchema = z.strictObject({ action: bulkActionSchema, userIds });
export type BulkPreviewRequest = z.infer<typeof bulkPreviewRequestSchema>;

export const bulkUserSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
});
export type BulkUser = z.infer<typeof bulkUserSchema>;

export const bulkSkippedSchema = bulkUserSchema.extend({ reason: z.enum(skipReasons), reasonText: z.string() });
export type BulkSkipped = z.infer<typeof bulkSkippedSchema>;

export const bulkPreviewSchema = z.object({
  previewId: z.string(),
  kind: z.enum([...bulkActionKinds, ...bulkUndoKinds]),
  /** A sentence describing the action, e.g. `Deactivate 240 users`. */
  label: z.string(),
  affected: z.array(bulkUserSchema),
  skipped: z.array(bulkSkippedSchema),
  /** The exact text to type before a destructive run, e.g. `deactivate 240 users`; null: none needed. */
  confirmation: z.string().nullable(),
  /** Names of the channels a channel action touches. */
  channels: z.array(z.string()),
  expiresAt: z.number().int(),
  /** Set on an undo preview: the run it undoes. */
  undoOf: z.string().nullable(),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

export const bulkStartRequestSchema = z.strictObject({
  previewId: z.string().min(1),
  /** The preview's `confirmation`, typed by the user (checked by the BFF, case and outer spaces ignored). */
  confirmation: z.string().max(200).optional(),
});
export type BulkStartRequest = z.infer<typeof bulkStartRequestSchema>;

/**
 * `unknown`: the request may have reached the chat server but no answer came back (or the console restarted
 * during the run), and reading the user back could not tell; the row's msg says so. An undo plans from the
 * users' current state, so it covers these rows too.
 */
export const runRowStatuses = ['pending', 'running', 'done', 'skipped', 'failed', 'cancelled', 'unknown'] as const;
export type RunRowStatus = (typeof runRowStatuses)[number];

export const bulkRunRowSchema = bulkUserSchema.extend({
  status: z.enum(runRowStatuses),
  /** Skips: the reason code. */
  reason: z.enum(skipReasons).nullable(),
  /** Failures: the chat server's msg (or the console's); skips: the reason's sentence. */
  msg: z.string().nullable(),
  code: z.string().nullable(),
  /** Role changes: the role before this run changed it (what an undo restores). */
  previousRole: z.number().int().nullable(),
  /** Channel actions: the channels this row actually changed (what an undo reverses). */
  changedChannels: z.array(z.string()).nullable(),
});
export type BulkRunRow = z.infer<typeof bulkRunRowSchema>;

/** `interrupted`: the process running it stopped (a restart); what it did is in its rows. */
export const runStatuses = ['running', 'paused', 'done', 'cancelled', 'interrupted'] as const;
export type RunStatus = (typeof runStatuses)[number];

export const bulkRunCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  unknown: z.number().int(),
});
export type BulkRunCounts = z.infer<typeof bulkRunCountsSchema>;

export const bulkRunSummarySchema = z.object({
  id: z.string(),
  kind: bulkPreviewSchema.shape.kind,
  label: z.string(),
  status: z.enum(runStatuses),
  concurrency: z.number().int(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  counts: bulkRunCountsSchema,
  /** Epoch ms until which the run waits because the chat server asked it to slow down; null when not. */
  rateLimitedUntil: z.number().int().nullable(),
  /** How many 429 answers the run has waited out. */
  rateLimitWaits: z.number().int(),
  undoOf: z.string().nullable(),
  /** Whether an undo can be previewed: a finished deactivation, role change or channel change with rows done or unknown. */
  undoable: z.boolean(),
  /** The undo run started from this one, if any. */
  undoneBy: z.string().nullable(),
  /** The administrator who started the run; null for runs kept from before the console recorded it. */
  startedBy: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  /** Whether the signed-in user started it: only they can pause, cancel or undo it. */
  mine: z.boolean(),
});
export type BulkRunSummary = z.infer<typeof bulkRunSummarySchema>;

export const bulkRunSchema = bulkRunSummarySchema.extend({ rows: z.array(bulkRunRowSchema) });
export type BulkRun = z.infer<typeof bulkRunSchema>;

export const bulkRunListSchema = z.object({ runs: z.array(bulkRunSummarySchema) });

/**
 * The typed confirmation of a destructive action on `count` users; null when the action needs none. A
 * deactivation that deletes messages says so in the phrase, so it is typed knowing it.
 */
export function confirmationPhrase(kind: BulkRunKind, count: number, deletesMessages = false): string | null {
  const users = `${count} ${count === 1 ? 'user' : 'users'}`;
  switch (kind) {
    case 'deactivate':
      return deletesMessages ? `deactivate ${users} and delete their messages` : `deactivate ${users}`;
    case 'change_role':
      return `change role of ${users}`;
    case 'remove_channels':
      return `remove ${users} from channels`;
    default:
      return null;
  }
}

/** Whether typed text matches a confirmation phrase (case and outer whitespace do not matter). */
export function confirmationMatches(phrase: string, typed: string | undefined): boolean {
  return (typed ?? '').trim().replace(/\s+/g, ' ').toLowerCase() === phrase.toLowerCase();
}

/** `/bff/bulk` as the SPA calls it (src/server/bulk/routes.ts answers it). */
export const bulkApi = {
  preview: bffRoute({
    method: 'POST',
    path: BULK_PREVIEW_PATH,
    body: bulkPreviewRequestSchema,
    answer: bulkPreviewSchema,
  }),
  start: bffRoute({ method: 'POST', path: BULK_RUNS_PATH, body: bulkStartRequestSchema, answer: bulkRunSchema }),
  undoPreview: bffRoute({ method: 'POST', path: `${BULK_RUNS_PATH}/:id/undo-preview`, answer: bulkPreviewSchema }),
  undo: bffRoute({
    method: 'POST',
    path: `${BULK_RUNS_PATH}/:id/undo`,
    body: bulkStartRequestSchema,
    answer: bulkRunSchema,
  }),
  pause: bffRoute({ method: 'POST', path: `${BULK_RUNS_PATH}/:id/pause`, answer: bulkRunSchema }),
  resume: bffRoute({ method: 'POST', path: `${BULK_RUNS_PATH}/:id/resume`, answer: bulkRunSchema }),
  cancel: bffRoute({ method: 'POST', path: `${BULK_RUNS_PATH}/:id/cancel`, answer: bulkRunSchema }),
  history: bffRoute({ method: 'GET', path: BULK_HISTORY_PATH, answer: bulkRunListSchema }),
  historyRun: bffRoute({ method: 'GET', path: `${BULK_HISTORY_PATH}/:id`, answer: bulkRunSchema }),
};
export type BulkRoute = (typeof bulkApi)[keyof typeof bulkApi];
