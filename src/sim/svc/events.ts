import type { User } from '../../shared/svc';
import type { GroupSettingValue } from '../../shared/svc/group-settings';

/**
 * Event payloads the mutations produce, shaped like the server's `GET /events` entries minus the queue's
 * `id` (a queue numbers the events it delivers).
 */

export interface CustomProfileFieldChange {
  id: number;
  value: string | null;
  rendered_value?: string;
}

/**
 * `person` carries the user ID plus exactly the one property that changed. `delivery_email` goes only to
 * those allowed to see the address (the queues shape it per recipient, see event-routing.ts).
 */
export type RealmUserPersonUpdate = { user_id: number } & (
  | { full_name: string }
  | { role: number }
  | { is_active: boolean }
  | { custom_profile_field: CustomProfileFieldChange }
  | { delivery_email: string | null }
  | { new_email: string }
  | {
      avatar_source: string;
      avatar_url: string | null;
      avatar_url_medium: string | null;
      avatar_version: number;
    }
);

export interface RealmUserUpdateEvent {
  type: 'realm_user';
  op: 'update';
  person: RealmUserPersonUpdate;
}

/**
 * Before level 222 reactivation was announced as the user being added again. The stored `person` is as
 * the acting administrator sees it; each queue receives it formatted for its own user.
 */
export interface RealmUserAddEvent {
  type: 'realm_user';
  op: 'add';
  person: User;
}

/** Before level 222 deactivation was announced as the user being removed. */
export interface RealmUserRemoveEvent {
  type: 'realm_user';
  op: 'remove';
  person: { user_id: number; full_name: string };
}

/** Only the properties the request set are present. */
export interface UserStatusEvent {
  type: 'user_status';
  user_id: number;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** One of the user's own settings changed; only its owner hears of it (`owner_id` is removed on delivery). */
export interface UserSettingsEvent {
  type: 'user_settings';
  op: 'update';
  owner_id: number;
  property: string;
  value: boolean | number | string | null;
}

/** One per changed default setting for new users. */
export interface RealmUserSettingsDefaultsEvent {
  type: 'realm_user_settings_defaults';
  op: 'update';
  property: string;
  value: boolean | number | string | null;
}

/**
 * The whole list after any change, in the order the server applies it. Entries carry `url_template`, or
 * `url_format` on servers before level 176 (shaped at emit time for the server's level).
 */
export interface RealmLinkifiersEvent {
  type: 'realm_linkifiers';
  realm_linkifiers: { id: number; pattern: string; url_template?: string; url_format?: string }[];
}

/** A draft as events carry it. */
export interface DraftRecord {
  id: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

/**
 * Drafts go only to their owner: `owner_id` says whose they are and is not part of what queues deliver
 * (event-routing.ts removes it).
 */
export type DraftsEvent = { type: 'drafts'; owner_id: number } & (
  { op: 'add'; drafts: DraftRecord[] } | { op: 'update'; draft: DraftRecord } | { op: 'remove'; draft_id: number }
);

export interface SavedSnippetRecord {
  id: number;
  title: string;
  content: string;
  date_created: number;
}

/** Saved snippets go only to their owner, like drafts (`owner_id` is removed on delivery). */
export type SavedSnippetsEvent = { type: 'saved_snippets'; owner_id: number } & (
  | { op: 'add'; saved_snippet: SavedSnippetRecord }
  | { op: 'update'; saved_snippet: SavedSnippetRecord }
  | { op: 'remove'; saved_snippet_id: number }
);

/**
 * A change to one property of one of the owner's subscriptions. Goes only to the owner (`owner_id` is
 * removed on delivery).
 */
export interface SubscriptionUpdateEvent {
  type: 'subscription';
  op: 'update';
  owner_id: number;
  stream_id: number;
  property: string;
  value: boolean | string | null;
}

/**
 * Channel events. Who receives them depends on who may see the channel (event-routing.ts): a private
 * channel's events reach its subscribers and the administrators only.
 */
export type StreamEvent =
  | { type: 'stream'; op: 'create'; streams: Record<string, unknown>[] }
  | { type: 'stream'; op: 'delete'; streams: { stream_id: number }[]; stream_ids: number[] }
  | {
      type: 'stream';
      op: 'update';
      stream_id: number;
      name: string;
      property: string;
      value: unknown;
      rendered_description?: string;
      history_public_to_subscribers?: boolean;
      is_web_public?: boolean;
    };

/** Subscriptions of `owner_id` were added or removed (only the owner hears it; `owner_id` is removed). */
export type SubscriptionMembershipEvent =
  | { type: 'subscription'; op: 'add'; owner_id: number; subscriptions: Record<string, unknown>[] }
  | { type: 'subscription'; op: 'remove'; owner_id: number; subscriptions: { stream_id: number; name: string }[] };

/** Other people's subscriptions changed (reaches those who may see the channels). */
export type SubscriptionPeerEvent = {
  type: 'subscription';
  op: 'peer_add' | 'peer_remove';
  stream_ids: number[];
  user_ids: number[];
};

/**
 * Messages were deleted (reaches those who may read the channel). A move to a channel someone cannot read
 * is a deletion for them: `only_user_ids` then limits who hears it (removed on delivery).
 */
export interface DeleteMessageEvent {
  type: 'delete_message';
  message_type: 'stream' | 'private';
  message_ids: number[];
  stream_id?: number;
  topic?: string;
  only_user_ids?: number[];
}

/**
 * A message was edited and/or messages were moved. Reaches those who may read the channel the messages are
 * in afterwards; `flags` are filled per recipient (event-routing.ts), topics shaped for the empty topic.
 */
export interface UpdateMessageEvent {
  type: 'update_message';
  user_id: number | null;
  edit_timestamp: number;
  message_id: number;
  /** Sorted; always includes `message_id`. */
  message_ids: number[];
  rendering_only: boolean;
  flags: string[];
  stream_name?: string;
  /** The channel before the edit. */
  stream_id?: number;
  new_stream_id?: number;
  propagate_mode?: 'change_one' | 'change_later' | 'change_all';
  orig_subject?: string;
  subject?: string;
  topic_links?: { text: string; url: string }[];
  orig_content?: string;
  orig_rendered_content?: string;
  content?: string;
  rendered_content?: string;
  is_me_message?: boolean;
}

/**
 * A new channel message. Reaches those who may read the channel; `message` and `flags` are shaped per
 * recipient (their avatar and Markdown preferences, their own flags; see send-message.ts).
 */
export interface MessageEvent {
  type: 'message';
  message: Record<string, unknown>;
  flags: string[];
}

/** User-group events go to everyone in the organization (guests included). */
export type UserGroupEvent = { type: 'user_group' } & (
  | { op: 'add'; group: Record<string, unknown> }
  | {
      op: 'update';
      group_id: number;
      data: Partial<Record<string, string | boolean | GroupSettingValue>>;
    }
  | { op: 'add_members' | 'remove_members'; group_id: number; user_ids: number[] }
  | { op: 'add_subgroups' | 'remove_subgroups'; group_id: number; direct_subgroup_ids: number[] }
  | { op: 'remove'; group_id: number }
);

export type SvcEvent =
  | RealmUserUpdateEvent
  | RealmUserAddEvent
  | RealmUserRemoveEvent
  | UserStatusEvent
  | RealmUserSettingsDefaultsEvent
  | UserSettingsEvent
  | RealmLinkifiersEvent
  | DraftsEvent
  | SavedSnippetsEvent
  | SubscriptionUpdateEvent
  | StreamEvent
  | SubscriptionMembershipEvent
  | SubscriptionPeerEvent
  | DeleteMessageEvent
  | UpdateMessageEvent
  | MessageEvent
  | UserGroupEvent
  | UpdateMessageFlagsEvent
  | PeopleAdminEvent
  | OrganizationDataEvent
  | DefaultStreamsEvent
  | ChannelFolderEvent
  | ReactionEvent
  | TypingEvent
  | AlertWordsEvent
  | UserTopicEvent
  | RealmBotEvent;

/** Someone reacted or took a reaction back; reaches `recipient_ids`, those who received the message (removed on delivery). */
export interface ReactionEvent {
  type: 'reaction';
  op: 'add' | 'remove';
  user_id: number;
  /** The older form of `user_id`, still sent. */
  user: { user_id: number; email: string; full_name: string };
  message_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  recipient_ids?: number[];
}

/**
 * Someone started or stopped typing; reaches `recipient_ids` (removed on delivery). Typing in a channel reaches
 * only queues registered with the `stream_typing_notifications` capability.
 */
export type TypingEvent = {
  type: 'typing';
  op: 'start' | 'stop';
  sender: { user_id: number; email: string };
  recipient_ids?: number[];
} & (
  | { message_type: 'direct'; recipients: { user_id: number; email: string }[] }
  | { message_type: 'stream'; stream_id: number; topic: string }
);

/** The owner's whole list of alert words after a change (`owner_id` is removed on delivery). */
export interface AlertWordsEvent {
  type: 'alert_words';
  owner_id: number;
  alert_words: string[];
}

/** The owner's visibility policy for a topic changed (`owner_id` is removed on delivery). */
export interface UserTopicEvent {
  type: 'user_topic';
  owner_id: number;
  stream_id: number;
  topic_name: string;
  last_updated: number;
  visibility_policy: number;
}

/** A bot was created: its owner and the administrators hear of it (`recipient_ids`, removed on delivery). */
export interface RealmBotEvent {
  type: 'realm_bot';
  op: 'add';
  bot: Record<string, unknown>;
  recipient_ids?: number[];
}

/**
 * Invitations changed (only administrators and the invitation's author hear it: `recipient_ids`, removed on
 * delivery); the custom profile fields (the whole list); custom emoji (the whole set).
 */
export type PeopleAdminEvent =
  | { type: 'invites_changed'; recipient_ids?: number[] }
  | { type: 'custom_profile_fields'; fields: Record<string, unknown>[] }
  | { type: 'realm_emoji'; op: 'update'; realm_emoji: Record<string, Record<string, unknown>> };

/**
 * Data exports changed (the whole list; only the organization's administrators hear it: `recipient_ids`,
 * removed on delivery); the code playgrounds changed (the whole list, for everyone).
 */
export type OrganizationDataEvent =
  | { type: 'realm_export'; exports: Record<string, unknown>[]; recipient_ids?: number[] }
  | { type: 'realm_playgrounds'; realm_playgrounds: Record<string, unknown>[] };

/** The default channels for new users changed (IDs from level 330, records before). */
export interface DefaultStreamsEvent {
  type: 'default_streams';
  default_streams: unknown[];
}

export type ChannelFolderEvent =
  | { type: 'channel_folder'; op: 'add'; channel_folder: Record<string, unknown> }
  | { type: 'channel_folder'; op: 'update'; channel_folder_id: number; data: Record<string, unknown> }
  | { type: 'channel_folder'; op: 'reorder'; order: number[] };

/** Added by a queue itself when a long-poll had nothing to deliver for the heartbeat interval. */
export interface HeartbeatEvent {
  type: 'heartbeat';
}

export type SvcEventListener = (event: SvcEvent) => void;

/** Where an unread message is, for clients that keep unread counts (sent when `read` is removed). */
export type MessageFlagDetails =
  | { type: 'stream'; stream_id: number; topic: string; unmuted_stream_msg: boolean }
  | { type: 'private'; user_ids: number[] };

/**
 * Personal flags changed on some messages; only their owner hears it (`owner_id` is removed on delivery).
 * `operation` is the old name of `op`, still sent.
 */
export interface UpdateMessageFlagsEvent {
  type: 'update_message_flags';
  owner_id: number;
  op: 'add' | 'remove';
  operation: 'add' | 'remove';
  flag: string;
  messages: number[];
  all: boolean;
  message_details?: Record<string, MessageFlagDetails>;
}
