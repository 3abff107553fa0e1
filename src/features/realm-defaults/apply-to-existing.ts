import type { Person } from '../../client/people';
import {
  NOT_FOR_OTHER_USERS,
  userSettingLabel,
  type SettingValue,
  type UserSettingDef,
} from '../../shared/svc/user-settings-defaults';
import { unavailableReason, visibleSettings, type Defaults } from './settings-form';

/**
 * Applying saved defaults to people who already have accounts (level 444): which settings may go, to whom, and
 * what to say before and after. The server answers a bare success: it does not say how many accounts changed.
 */

export const NOT_FOR_OTHERS_REASON =
  'Each person decides this for themselves; the server does not let administrators change it for others.';

export interface ApplicableSetting {
  def: UserSettingDef;
  /** Why it cannot be applied to others; null when it can. */
  reason: string | null;
}

/** The settings this server has a saved default for, those people decide for themselves marked with why. */
export function applicableSettings(defaults: Defaults, level: number): ApplicableSetting[] {
  return visibleSettings(level)
    .filter((def) => unavailableReason(def, defaults, level) === null)
    .map((def) => ({ def, reason: NOT_FOR_OTHER_USERS.has(def.name) ? NOT_FOR_OTHERS_REASON : null }));
}

export interface Audience {
  userIds: number[];
  active: number;
  deactivated: number;
}

/**
 * Everyone with a personal account, active or deactivated (a deactivated account that comes back then has the
 * setting too), as the chat server's own web app asks for it. Bots have no personal settings.
 */
export function audienceOf(people: readonly Person[]): Audience {
  const humans = people.filter((p) => !p.is_bot);
  const active = humans.filter((p) => p.is_active).length;
  return { userIds: humans.map((p) => p.user_id), active, deactivated: humans.length - active };
}

/** The parameters of the call: each chosen setting with its saved default, and who it goes to. */
export function applyParams(
  names: readonly string[],
  defaults: Defaults,
  audience: Audience,
  skipEdited: boolean,
): Record<string, SettingValue | { user_ids: number[]; skip_if_already_edited: boolean }> {
  const settings = Object.fromEntries(names.map((name) => [name, defaults[name] ?? null]));
  return { target_users: { user_ids: audience.userIds, skip_if_already_edited: skipEdited }, ...settings };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Home view, Color theme and Font size". */
export function settingList(names: readonly string[]): string {
  const labels = names.map(userSettingLabel);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)!}`;
}

/** Who the dialog says the change goes to. */
export function audienceSentence(audience: Audience): string {
  const total = audience.active + audience.deactivated;
  return (
    `Everyone with an account: ${plural(total, 'person', 'people')} (${audience.active} active, ` +
    `${audience.deactivated} deactivated). Bots have no personal settings and are not changed.`
  );
}

/**
 * What the success message says: what the server took for the people asked for. Settings it reported as
 * ignored are named apart; nothing is said about how many accounts changed, which the server does not report.
 */
export function appliedMessage(
  sent: readonly string[],
  ignored: readonly string[],
  audience: Audience,
  skipEdited: boolean,
): { title: string; message: string } {
  const taken = sent.filter((name) => !ignored.includes(name));
  const notTaken = sent.filter((name) => ignored.includes(name));
  const people = plural(audience.userIds.length, 'account', 'accounts');
  const skip = skipEdited ? ', except anyone who had changed it themselves' : '';
  const parts = [
    taken.length > 0 ? `The chat server set ${settingList(taken)} for the ${people} asked for${skip}.` : null,
    notTaken.length > 0
      ? `It ignored ${settingList(notTaken)}: this server does not know ${notTaken.length === 1 ? 'it' : 'them'}.`
      : null,
    taken.length > 0 ? 'It does not report how many accounts this changed.' : null,
  ].filter((part) => part !== null);
  return { title: taken.length > 0 ? 'Applied to existing users' : 'Nothing applied', message: parts.join(' ') };
}
