import { FEATURE_LEVELS } from '../../shared/svc/features';
import { isAdminRole } from '../../shared/svc/roles';
import { USER_SETTINGS_DEFAULTS_ENDPOINT_LEVEL } from '../../shared/svc/user-settings-defaults';

export const ADMINS_ONLY_REASON = 'Only organization administrators can change these defaults.';

/**
 * Why the signed-in user cannot change the defaults for new users, or null when they can. The server
 * decides in the end; this only shapes the page.
 */
export function defaultsEditBlockReason(actor: { role: number | null; featureLevel: number }): string | null {
  if (actor.role === null || !isAdminRole(actor.role)) return ADMINS_ONLY_REASON;
  if (actor.featureLevel < USER_SETTINGS_DEFAULTS_ENDPOINT_LEVEL) {
    return `Needs a newer chat server: feature level ${USER_SETTINGS_DEFAULTS_ENDPOINT_LEVEL}, this one is at ${actor.featureLevel}.`;
  }
  return null;
}

/**
 * Why saved defaults cannot be applied to existing users now, or null when they can: only administrators, from
 * level 444, and only what is saved (the dialog applies the server's values, not the form's).
 */
export function applyToExistingBlockReason(actor: {
  role: number | null;
  featureLevel: number;
  unsavedChanges: number;
}): string | null {
  const edit = defaultsEditBlockReason(actor);
  if (edit) return edit;
  const need = FEATURE_LEVELS.settingsForExistingUsers;
  if (actor.featureLevel < need) {
    return `Needs a newer chat server: feature level ${need}, this one is at ${actor.featureLevel}.`;
  }
  if (actor.unsavedChanges > 0) return 'Save or discard your changes first: only saved defaults are applied.';
  return null;
}
