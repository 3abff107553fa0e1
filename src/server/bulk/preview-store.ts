import { randomUUID } from 'node:crypto';
import {
  BULK_PREVIEW_TTL_MS,
  confirmationPhrase,
  type BulkAction,
  type BulkPreview,
  type BulkRunKind,
} from '../../shared/bff/bulk';
import { deletedInWords } from '../../shared/labels/deactivation';
import { deletesMessages } from '../../shared/svc/deactivation';
import { roleLabel } from '../../shared/svc/roles';
import type { PlannedPreview } from './preview';

export interface StoredPreview {
  preview: BulkPreview;
  ownerUserId: number;
  plan: PlannedPreview;
}

function plural(count: number): string {
  return `${count} ${count === 1 ? 'user' : 'users'}`;
}

function labelOf(
  kind: BulkRunKind,
  count: number,
  action: BulkAction | null,
  channels: readonly string[],
  cleanedUp: boolean,
): string {
  const list = channels.map((c) => `#${c}`).join(', ');
  switch (kind) {
    case 'deactivate': {
      const deleted = action?.kind === 'deactivate' ? deletedInWords(action.actions) : '';
      return deleted ? `Deactivate ${plural(count)} and delete ${deleted}` : `Deactivate ${plural(count)}`;
    }
    case 'change_role':
      return `Change the role of ${plural(count)} to ${action?.kind === 'change_role' ? roleLabel(action.role) : '?'}`;
    case 'add_channels':
      return `Add ${plural(count)} to ${list}`;
    case 'remove_channels':
      return `Remove ${plural(count)} from ${list}`;
    case 'reactivate':
      return cleanedUp
        ? `Reactivate ${plural(count)} (what the clean-up deleted stays deleted)`
        : `Reactivate ${plural(count)}`;
    case 'restore_roles':
      return `Restore the previous roles of ${plural(count)}`;
    case 'undo_add_channels':
      return `Remove ${plural(count)} from the channels they were added to`;
    case 'undo_remove_channels':
      return `Add ${plural(count)} back to the channels they were removed from`;
  }
}

/**
 * Previews waiting to be run, in this process's memory: each is its owner's, runs at most once, and expires
 * after BULK_PREVIEW_TTL_MS (a run acts on exactly the rows its preview showed, so a stale one is refused).
 */
export class PreviewStore {
  private readonly previews = new Map<string, StoredPreview>();

  constructor(private readonly now: () => number) {}

  put(
    ownerUserId: number,
    plan: PlannedPreview,
    action: BulkAction | null,
    channels: string[],
    undoOf: string | null,
    /** An undo of a deactivation whose clean-up deleted things: its label says they stay deleted. */
    cleanedUp = false,
  ): BulkPreview {
    this.sweep();
    const count = plan.affected.length;
    const preview: BulkPreview = {
      previewId: randomUUID(),
      kind: plan.kind,
      label: labelOf(plan.kind, count, action, channels, cleanedUp),
      affected: plan.affected.map((r) => r.user),
      skipped: plan.skipped,
      confirmation:
        count > 0
          ? confirmationPhrase(plan.kind, count, action?.kind === 'deactivate' && deletesMessages(action.actions))
          : null,
      channels,
      expiresAt: this.now() + BULK_PREVIEW_TTL_MS,
      undoOf,
    };
    this.previews.set(preview.previewId, { preview, ownerUserId, plan });
    return preview;
  }

  /** The preview if it has not expired (whoever owns it). */
  get(previewId: string): StoredPreview | undefined {
    this.sweep();
    return this.previews.get(previewId);
  }

  /** The preview as kept, expired or not (the undo route checks which run it undoes before starting it). */
  peek(previewId: string): StoredPreview | undefined {
    return this.previews.get(previewId);
  }

  /** Uses the preview up: true when it was still there (a second start of the same preview gets false). */
  take(previewId: string): boolean {
    return this.previews.delete(previewId);
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, p] of this.previews) if (p.preview.expiresAt < now) this.previews.delete(id);
  }
}
