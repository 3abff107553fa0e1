import { LINKIFIER_LEVELS } from '../../shared/svc/linkifiers';
import { isAdminRole } from '../../shared/svc/roles';

/**
 * Who may do what with linkifiers, as pure functions so the page and its tests agree. The chat server
 * stays the authority: these only decide which controls to offer; its refusals are still shown verbatim.
 */

export type Verdict = { allowed: true } | { allowed: false; reason: string };

const allow: Verdict = { allowed: true };
const deny = (reason: string): Verdict => ({ allowed: false, reason });

export const REASONS = {
  notAdmin: 'Only organization administrators can add, edit, reorder or delete linkifiers.',
} as const;

/** The sentence a control shows when the server is too old for it (the wording of `featureGateReason`). */
export function levelGateReason(level: number, need: number): string | null {
  return level >= need ? null : `Needs a newer chat server: feature level ${need}, this one is at ${level}.`;
}

export interface LinkifierAbilities {
  /** Reading the list (`GET /realm/linkifiers`, level 54). */
  list: Verdict;
  /** Adding and deleting. */
  manage: Verdict;
  edit: Verdict;
  reorder: Verdict;
}

/** `role` is the signed-in user's (null while unknown); `level` the server's feature level. */
export function linkifierAbilities(role: number | null, level: number): LinkifierAbilities {
  const gate = (need: number): Verdict => {
    const reason = levelGateReason(level, need);
    return reason ? deny(reason) : allow;
  };
  const list = gate(LINKIFIER_LEVELS.list);
  const admin = role !== null && isAdminRole(role);
  const manage = !list.allowed ? list : admin ? allow : deny(REASONS.notAdmin);
  const needsAdmin = (verdict: Verdict) => (!manage.allowed ? manage : verdict);
  return {
    list,
    manage,
    edit: needsAdmin(gate(LINKIFIER_LEVELS.edit)),
    reorder: needsAdmin(gate(LINKIFIER_LEVELS.reorder)),
  };
}
