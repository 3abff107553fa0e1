import { z } from 'zod';

/**
 * `actions` of `DELETE /users/{user_id}` (feature level 459): what the server does besides deactivating, for
 * spam accounts. It applies them to the person's bots first, then to the person. Message deletion moves the
 * messages out of every conversation; reactivating the account does not bring them back.
 */
export const DEACTIVATION_ACTIONS = [
  'delete_public_channel_messages',
  'delete_private_channel_messages',
  'delete_direct_messages',
  'delete_profile',
] as const;
export type DeactivationAction = (typeof DEACTIVATION_ACTIONS)[number];

/** The actions that delete messages (the dialog asks for a typed confirmation before any of them). */
export const MESSAGE_DELETIONS: readonly DeactivationAction[] = [
  'delete_public_channel_messages',
  'delete_private_channel_messages',
  'delete_direct_messages',
];

/** The server's own defaults are all false, so an action left out is not done. */
export const deactivationActionsSchema = z.strictObject({
  delete_public_channel_messages: z.boolean().optional(),
  delete_private_channel_messages: z.boolean().optional(),
  delete_direct_messages: z.boolean().optional(),
  delete_profile: z.boolean().optional(),
});
export type DeactivationActions = z.infer<typeof deactivationActionsSchema>;

/** The actions turned on, in the table's order. */
export function chosenActions(
  actions: Partial<Record<DeactivationAction, unknown>> | null | undefined,
): DeactivationAction[] {
  if (!actions) return [];
  return DEACTIVATION_ACTIONS.filter((action) => actions[action] === true);
}

export function deletesMessages(actions: Partial<Record<DeactivationAction, unknown>> | null | undefined): boolean {
  return chosenActions(actions).some((action) => MESSAGE_DELETIONS.includes(action));
}

/** `actions` as the API takes it: only what is turned on, or undefined when nothing is (the parameter is left out). */
export function actionsParam(chosen: readonly DeactivationAction[]): DeactivationActions | undefined {
  if (chosen.length === 0) return undefined;
  return Object.fromEntries(chosen.map((action) => [action, true])) as DeactivationActions;
}
