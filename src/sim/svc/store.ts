import type { ReactionType, Role } from '../../shared/svc';
import type { TopicsPolicy } from '../../shared/svc/channels';
import type { GroupSettingValue, SystemGroupName } from '../../shared/svc/group-settings';
import type { UserGroupPermissionSetting } from '../../shared/svc/user-groups';
import type { SimAttachment } from './attachments';
import type { SimChannelPermission } from './group-rules';
import type { RealmEmoji } from './emoji';
import type { SvcEvent, SvcEventListener } from './events';
import type { SimPresence } from './presence';
import {
  initialRealmSettings,
  initialUserSettings,
  type RealmSettings,
  type UserSettingName,
  type UserSettings,
} from './settings';

/** Who may see a user's real email address (the user's own setting). */
export const EMAIL_VISIBILITY = {
  everyone: 1,
  members: 2,
  admins: 3,
  nobody: 4,
  moderators: 5,
} as const;
export type EmailVisibility = (typeof EMAIL_VISIBILITY)[keyof typeof EMAIL_VISIBILITY];

export type BotType = 1 | 2 | 3 | 4;

export interface SimUser {
  readonly user_id: number;
  /** The real address; what `delivery_email` shows to those allowed to see it. */
  deliveryEmail: string;
  /** The address the API uses: the real one when visible to everyone, else `user{id}@{host}`. */
  apiEmail: string;
  fullName: string;
  readonly dateJoined: string;
  isActive: boolean;
  role: Role;
  readonly isBot: boolean;
  readonly botType: BotType | null;
  readonly botOwnerId: number | null;
  timezone: string;
  /** `G`: gravatar (never uploaded), `U`: uploaded. */
  avatarSource: 'G' | 'U';
  avatarVersion: number;
  emailAddressVisibility: EmailVisibility;
  apiKey: string;
  /** Null for bots, which cannot sign in with a password. */
  password: string | null;
  /** Custom profile field ID → raw value. */
  profileData: Map<number, string>;
  /** The server-level `can_create_users` flag (set only by the server's own administration, never by the API). */
  canCreateUsers?: boolean;
  /** Imported from another chat product and never signed in (`is_imported_stub`, level 433); absent: false. */
  isImportedStub?: boolean;
  /** A bot's defaults, as `POST /bots` set them (channel IDs; null: none). */
  botDefaults?: { sendingStream: number | null; eventsRegisterStream: number | null; allPublicStreams: boolean };
}

/** One person's emoji reaction to a message. */
export interface SimReaction {
  readonly userId: number;
  readonly emojiName: string;
  readonly emojiCode: string;
  readonly reactionType: ReactionType;
}

/** The stored form of a status; empty strings mean "not set", as on the server. */
export interface StatusRow {
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

export const PROFILE_FIELD_TYPE = {
  shortText: 1,
  longText: 2,
  select: 3,
  date: 4,
  url: 5,
  user: 6,
  externalAccount: 7,
  pronouns: 8,
} as const;
export type ProfileFieldType = (typeof PROFILE_FIELD_TYPE)[keyof typeof PROFILE_FIELD_TYPE];

export interface CustomProfileField {
  id: number;
  name: string;
  type: ProfileFieldType;
  hint: string;
  order: number;
  /** JSON text, as the server stores it ('' when the type has none). */
  fieldData?: string;
  required?: boolean;
  /** Absent: true. */
  editableByUser?: boolean;
  displayInProfileSummary?: boolean;
  /** Level 455: the field's values also find people in typeahead (Short text and External account only). */
  useForUserMatching?: boolean;
}

export interface SentEmail {
  to: string;
  userId: number;
  kind: 'account_deactivated';
  /** The administrator's text; empty when the notification carries no custom text. */
  comment: string;
  sentAt: number;
}

export interface RealmInfo {
  id: number;
  name: string;
  /** HTML, as the server renders it. */
  description: string;
  host: string;
  /** The public base URL, without a trailing slash. */
  baseUrl: string;
}

/** A linkifier as stored: always an RFC 6570 template (servers converted format strings at level 176). */
export interface SimLinkifier {
  readonly id: number;
  pattern: string;
  urlTemplate: string;
  /** Applied in ascending order; ties (never made here) would fall back to ID order. */
  order: number;
  /** Level 471: a text the pattern matches, and the template that rebuilds it from a pasted URL (null: unset). */
  exampleInput: string | null;
  reverseTemplate: string | null;
  /** Level 478: more URL templates recognized when turning a pasted URL back into the linkified text. */
  alternativeUrlTemplates: string[];
}

/** A data export request: `pending` until the export worker finishes (or fails) it. */
export interface SimExport {
  readonly id: number;
  readonly actingUserId: number;
  /**
   * 1 public, 2 standard (with the private data of those who consented), 3 full without consent (level 449).
   * The server's own numbers; the API spells them as words from level 449.
   */
  readonly type: 1 | 2 | 3;
  /** Seconds (sim clock). */
  readonly requestedAt: number;
  status: 'requested' | 'succeeded' | 'failed' | 'deleted';
  /** The tarball's path under `/user_avatars/`, once it is made. */
  path: string | null;
  failedAt: number | null;
  deletedAt: number | null;
}

/** A code playground: a site that opens a code block of a Pygments language. */
export interface SimPlayground {
  readonly id: number;
  readonly name: string;
  readonly pygmentsLanguage: string;
  readonly urlTemplate: string;
}

/** A channel (stream). Subscribers decide who sees a private one. */
export interface SimChannel {
  readonly stream_id: number;
  name: string;
  description: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  isArchived: boolean;
  readonly dateCreated: number;
  readonly creatorId: number | null;
  subscribers: Set<number>;
  historyPublicToSubscribers: boolean;
  /** Null: the organization's default; -1: forever. */
  messageRetentionDays: number | null;
  topicsPolicy: TopicsPolicy;
  folderId: number | null;
  isDefault: boolean;
  permissions: Record<SimChannelPermission, GroupSettingValue>;
}

/** What adding a channel needs; the settings a new channel usually has may be left out. */
export type NewSimChannel = Omit<
  SimChannel,
  | 'stream_id'
  | 'historyPublicToSubscribers'
  | 'messageRetentionDays'
  | 'topicsPolicy'
  | 'folderId'
  | 'isDefault'
  | 'permissions'
> &
  Partial<
    Pick<SimChannel, 'historyPublicToSubscribers' | 'messageRetentionDays' | 'topicsPolicy' | 'folderId' | 'isDefault'>
  > & {
    permissions?: Partial<Record<SimChannelPermission, GroupSettingValue>>;
  };

/**
 * A user group. System groups (`role:*`) hold people by role: their direct members are computed from the
 * users (see `SvcStore.groupMembers`), so `members` stays empty for them.
 */
export interface SimUserGroup {
  readonly id: number;
  name: string;
  description: string;
  readonly isSystemGroup: boolean;
  members: Set<number>;
  subgroups: Set<number>;
  deactivated: boolean;
  readonly dateCreated: number | null;
  readonly creatorId: number | null;
  permissions: Record<UserGroupPermissionSetting, GroupSettingValue>;
}

/** One entry of a message's edit history, newest last. */
export interface SimEditHistoryEntry {
  userId: number | null;
  timestamp: number;
  prevContent?: string;
  prevRenderedContent?: string;
  prevStream?: number;
  stream?: number;
  prevTopic?: string;
  topic?: string;
}

/** A channel message (the console manages channel messages only). */
export interface SimMessage {
  readonly id: number;
  readonly senderId: number;
  streamId: number;
  topic: string;
  content: string;
  renderedContent: string;
  /** UNIX seconds. */
  readonly timestamp: number;
  lastEditTimestamp: number | null;
  lastMovedTimestamp: number | null;
  editHistory: SimEditHistoryEntry[];
  /** Users who have read it. */
  readBy: Set<number>;
  /**
   * A direct message's participants (user IDs, the sender included, ascending). Direct messages have no
   * channel: their `streamId` is 0, which names none, and their topic is empty.
   */
  dmRecipients?: readonly number[];
  /** Reactions in the order they were added; absent: none. */
  reactions?: SimReaction[];
  /** Users who starred it; absent: nobody. */
  starredBy?: Set<number>;
}

/** A channel folder: a heading channels are grouped under in the channel list. */
export interface SimChannelFolder {
  readonly id: number;
  name: string;
  /** Markdown, as the creator wrote it. */
  description: string;
  readonly dateCreated: number | null;
  readonly creatorId: number | null;
  isArchived: boolean;
  /** Display position, lowest first. */
  order: number;
}

/** A draft; only its owner ever sees it. */
export interface SimDraft {
  readonly id: number;
  readonly ownerId: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  /** UNIX seconds of the last edit. */
  timestamp: number;
}

export interface SimSnippet {
  readonly id: number;
  readonly ownerId: number;
  title: string;
  content: string;
  readonly dateCreated: number;
}

/** One user's personal settings for one channel they are subscribed to; null: follow their default. */
export interface SimSubscriptionSettings {
  color: string;
  isMuted: boolean;
  pinToTop: boolean;
  desktopNotifications: boolean | null;
  audibleNotifications: boolean | null;
  pushNotifications: boolean | null;
  emailNotifications: boolean | null;
  wildcardMentionsNotify: boolean | null;
}

/** The colors new subscriptions get, in turn by channel ID. */
const SUBSCRIPTION_COLORS = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5'];

const STOCK_USER_SETTINGS: Readonly<UserSettings> = initialUserSettings();

/** Creation order of the system groups: each contains the previous one (except nobody, which is empty). */
const SYSTEM_GROUP_NAMES_IN_ORDER: readonly SystemGroupName[] = [
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
  'role:nobody',
];

/** The roles whose holders are direct members; the rest come through the subgroup chain. */
const SYSTEM_GROUP_ROLES: Readonly<Record<SystemGroupName, readonly Role[]>> = {
  'role:owners': [100],
  'role:administrators': [200],
  'role:moderators': [300],
  // Full members are members past the waiting period; the demo realm's threshold is 0 days.
  'role:fullmembers': [400],
  'role:members': [],
  'role:everyone': [600],
  'role:internet': [],
  'role:nobody': [],
};

const SYSTEM_GROUP_DESCRIPTIONS: Readonly<Record<SystemGroupName, string>> = {
  'role:owners': 'Owners of this organization',
  'role:administrators': 'Administrators of this organization, including owners',
  'role:moderators': 'Moderators of this organization, including administrators',
  'role:fullmembers': 'Members of this organization, not including new accounts and guests',
  'role:members': 'Members of this organization, not including guests',
  'role:everyone': 'Everyone in this organization, including guests',
  'role:internet': 'Everyone on the Internet',
  'role:nobody': 'Nobody',
};

/**
 * The simulator's state. Reads are free; every change that clients would hear about goes through
 * `emit()`, which is where event queues attach.
 */
export class SvcStore {
  /** Every user, bots and deactivated users included, in ID order. */
  readonly users: SimUser[] = [];
  readonly statuses = new Map<number, StatusRow>();
  /** Last-seen times by user ID (see presence.ts); no entry: never active. */
  readonly presence = new Map<number, SimPresence>();
  readonly realmEmoji = new Map<string, RealmEmoji>();
  /** The server's support address (its ZULIP_ADMINISTRATOR setting), named in some refusals. */
  supportEmail = 'support@demo.test';
  /** Data exports in request order; `nextExportId` numbers new ones. */
  readonly exports: SimExport[] = [];
  nextExportId = 1;
  /** Code playgrounds in ID order; `nextPlaygroundId` numbers new ones. */
  readonly playgrounds: SimPlayground[] = [];
  nextPlaygroundId = 1;
  readonly profileFields: CustomProfileField[] = [];
  readonly sentEmails: SentEmail[] = [];
  readonly emitted: SvcEvent[] = [];
  readonly realmSettings: RealmSettings = initialRealmSettings();
  /** What new users start with (`realm_user_settings_defaults`). */
  readonly userSettingsDefaults: UserSettings = initialUserSettings();
  /**
   * Each person's own settings, where they differ from the stock values every seeded user started with.
   * Sparse, so 10,000 users cost nothing until someone changes a setting.
   */
  readonly personalSettings = new Map<number, Partial<UserSettings>>();
  /** The organization's linkifiers, kept in the order they apply. */
  readonly linkifiers: SimLinkifier[] = [];
  readonly channels: SimChannel[] = [];
  /** Channel folders, in ID order. */
  readonly channelFolders: SimChannelFolder[] = [];
  /** System groups first (in `SYSTEM_GROUP_NAMES` order), then custom groups, in ID order. */
  readonly userGroups: SimUserGroup[] = [];
  /** Every channel message by ID, in ID (= send) order. */
  readonly messages = new Map<number, SimMessage>();
  readonly drafts: SimDraft[] = [];
  readonly snippets: SimSnippet[] = [];
  /** Uploaded files by ID (see attachments.ts); `nextAttachmentId` numbers new ones. */
  readonly attachments = new Map<number, SimAttachment>();
  nextAttachmentId = 1;
  /**
   * Personal settings per subscription, keyed `userId:streamId`. Being subscribed is the channel's
   * `subscribers`; a subscription without an entry here has the stock settings.
   */
  readonly subscriptionSettings = new Map<string, SimSubscriptionSettings>();
  /** Each person's alert words, in the order they were added (no entry: none). */
  readonly alertWords = new Map<number, string[]>();
  /**
   * Topic visibility policies (muted 1, unmuted 2, followed 3), keyed `userId:streamId:topic in lower case`;
   * no entry: inherit the channel's.
   */
  readonly userTopics = new Map<string, { topic: string; policy: number; lastUpdated: number }>();
  private readonly byId = new Map<number, SimUser>();
  private readonly byDeliveryEmail = new Map<string, SimUser>();
  private readonly byApiKey = new Map<string, SimUser>();
  private readonly listeners = new Set<SvcEventListener>();
  private nextUserId = 1;
  private nextLinkifierId = 1;
  private nextChannelId = 1;
  private nextChannelFolderId = 1;
  private nextGroupId = 1;
  private nextMessageId = 1;
  private nextDraftId = 1;
  private nextSnippetId = 1;

  constructor(
    readonly realm: RealmInfo,
    /** The server's feature level; some event shapes depend on it. */
    public featureLevel: number,
    readonly now: () => number,
  ) {
    // Every organization has its system groups from the start (IDs 1–8 here).
    this.addSystemGroups(null);
  }

  addUser(input: Omit<SimUser, 'user_id' | 'apiEmail'>): SimUser {
    const id = this.nextUserId++;
    // One literal with a fixed key order keeps every user the same object shape, which keeps listing
    // 10,000 of them fast.
    const user: SimUser = {
      user_id: id,
      deliveryEmail: input.deliveryEmail,
      apiEmail: this.apiEmailFor(id, input),
      fullName: input.fullName,
      dateJoined: input.dateJoined,
      isActive: input.isActive,
      role: input.role,
      isBot: input.isBot,
      botType: input.botType,
      botOwnerId: input.botOwnerId,
      timezone: input.timezone,
      avatarSource: input.avatarSource,
      avatarVersion: input.avatarVersion,
      emailAddressVisibility: input.emailAddressVisibility,
      apiKey: input.apiKey,
      password: input.password,
      profileData: input.profileData,
      isImportedStub: input.isImportedStub ?? false,
      botDefaults: input.botDefaults,
    };
    this.users.push(user);
    this.byId.set(id, user);
    this.byDeliveryEmail.set(user.deliveryEmail.toLowerCase(), user);
    this.byApiKey.set(user.apiKey, user);
    return user;
  }

  dummyEmail(id: number): string {
    return `user${id}@${this.realm.host}`;
  }

  private apiEmailFor(id: number, u: Pick<SimUser, 'isBot' | 'emailAddressVisibility' | 'deliveryEmail'>): string {
    // Bots always behave as "visible to everyone".
    return u.isBot || u.emailAddressVisibility === EMAIL_VISIBILITY.everyone ? u.deliveryEmail : this.dummyEmail(id);
  }

  user(id: number): SimUser | undefined {
    return this.byId.get(id);
  }

  userByDeliveryEmail(email: string): SimUser | undefined {
    return this.byDeliveryEmail.get(email.toLowerCase());
  }

  userByApiKey(apiKey: string): SimUser | undefined {
    return this.byApiKey.get(apiKey);
  }

  /** Users whose `email` (API email) is this address; used by lookups on servers before real-email lookup. */
  userByApiEmail(email: string): SimUser | undefined {
    const wanted = email.toLowerCase();
    const match = /^user(\d+)@(.+)$/.exec(wanted);
    if (match && match[2] === this.realm.host.toLowerCase()) {
      const byId = this.byId.get(Number(match[1]));
      if (byId && byId.apiEmail.toLowerCase() === wanted) return byId;
    }
    const real = this.byDeliveryEmail.get(wanted);
    return real && real.apiEmail.toLowerCase() === wanted ? real : undefined;
  }

  activeHumanOwners(): SimUser[] {
    return this.users.filter((u) => u.isActive && !u.isBot && u.role === 100);
  }

  /** One of a user's own settings (e.g. `receives_typing_notifications`). */
  personalSetting<K extends UserSettingName>(userId: number, name: K): UserSettings[K] {
    const own = this.personalSettings.get(userId);
    return own && own[name] !== undefined ? (own[name] as UserSettings[K]) : STOCK_USER_SETTINGS[name];
  }

  profileField(id: number): CustomProfileField | undefined {
    return this.profileFields.find((f) => f.id === id);
  }

  /** Adds a linkifier last in the order (no event: mutations announce their own changes). */
  addLinkifier(pattern: string, urlTemplate: string): SimLinkifier {
    const order = this.linkifiers.reduce((max, l) => Math.max(max, l.order), -1) + 1;
    const linkifier: SimLinkifier = {
      id: this.nextLinkifierId++,
      pattern,
      urlTemplate,
      order,
      exampleInput: null,
      reverseTemplate: null,
      alternativeUrlTemplates: [],
    };
    this.linkifiers.push(linkifier);
    return linkifier;
  }

  /** Adds a channel (no event), with the usual settings of a new channel where not given. */
  addChannel(input: NewSimChannel): SimChannel {
    const { permissions, ...rest } = input;
    const channel: SimChannel = {
      stream_id: this.nextChannelId++,
      historyPublicToSubscribers: !rest.inviteOnly,
      messageRetentionDays: null,
      topicsPolicy: 'inherit',
      folderId: null,
      isDefault: false,
      ...rest,
      permissions: { ...this.defaultChannelPermissions(rest.creatorId), ...permissions },
    };
    this.channels.push(channel);
    return channel;
  }

  /** Adds a channel folder last in the display order (no event). */
  addChannelFolder(input: Omit<SimChannelFolder, 'id' | 'order'>): SimChannelFolder {
    const order = this.channelFolders.reduce((max, f) => Math.max(max, f.order), -1) + 1;
    const folder: SimChannelFolder = { id: this.nextChannelFolderId++, ...input, order };
    this.channelFolders.push(folder);
    return folder;
  }

  channelFolder(id: number): SimChannelFolder | undefined {
    return this.channelFolders.find((f) => f.id === id);
  }

  /** What a new channel grants when its creator sets nothing (the server's defaults). */
  defaultChannelPermissions(creatorId: number | null): Record<SimChannelPermission, GroupSettingValue> {
    const g = (name: SystemGroupName) => this.systemGroup(name).id;
    return {
      can_send_message_group: g('role:everyone'),
      can_add_subscribers_group: g('role:nobody'),
      can_remove_subscribers_group: g('role:administrators'),
      can_administer_channel_group:
        creatorId === null ? g('role:nobody') : { direct_members: [creatorId], direct_subgroups: [] },
      can_delete_any_message_group: g('role:administrators'),
      can_delete_own_message_group: g('role:everyone'),
      can_move_messages_out_of_channel_group: g('role:nobody'),
      can_move_messages_within_channel_group: g('role:nobody'),
      can_subscribe_group: g('role:nobody'),
      can_resolve_topics_group: g('role:nobody'),
      // The server's default (`server_supported_permission_settings`): anyone who may post may start a topic.
      can_create_topic_group: g('role:everyone'),
    };
  }

  /** Adds a user group (no event). */
  addUserGroup(input: Omit<SimUserGroup, 'id'>): SimUserGroup {
    const group: SimUserGroup = { id: this.nextGroupId++, ...input };
    this.userGroups.push(group);
    return group;
  }

  userGroup(id: number): SimUserGroup | undefined {
    return this.userGroups.find((g) => g.id === id);
  }

  /** A system group by name; every store has all of them (see `addSystemGroups`). */
  systemGroup(name: SystemGroupName): SimUserGroup {
    const group = this.userGroups.find((g) => g.isSystemGroup && g.name === name);
    if (!group) throw new Error(`system group ${name} missing: call addSystemGroups() first`);
    return group;
  }

  /** Direct members: by role for system groups (active users only), as stored for the others. */
  groupMembers(group: SimUserGroup): number[] {
    if (!group.isSystemGroup) return [...group.members];
    const roles = SYSTEM_GROUP_ROLES[group.name as SystemGroupName] ?? [];
    if (roles.length === 0) return [];
    return this.users.filter((u) => u.isActive && roles.includes(u.role)).map((u) => u.user_id);
  }

  /**
   * Creates the system groups, each containing the next-higher role's group as a subgroup (owners ⊂
   * administrators ⊂ moderators ⊂ full members ⊂ members ⊂ everyone ⊂ internet). Their own permission
   * settings all point at administrators, like the server's.
   */
  addSystemGroups(createdAt: number | null): void {
    if (this.userGroups.some((g) => g.isSystemGroup)) return;
    let previous: SimUserGroup | null = null;
    const created: SimUserGroup[] = [];
    for (const name of SYSTEM_GROUP_NAMES_IN_ORDER) {
      const group: SimUserGroup = this.addUserGroup({
        name,
        description: SYSTEM_GROUP_DESCRIPTIONS[name],
        isSystemGroup: true,
        members: new Set(),
        subgroups: new Set(previous && name !== 'role:nobody' ? [previous.id] : []),
        deactivated: false,
        dateCreated: createdAt,
        creatorId: null,
        // Filled below, once the administrators group exists.
        permissions: {} as Record<UserGroupPermissionSetting, GroupSettingValue>,
      });
      created.push(group);
      if (name !== 'role:nobody') previous = group;
    }
    const nobody = this.systemGroup('role:nobody').id;
    const everyone = this.systemGroup('role:everyone').id;
    for (const group of created) {
      group.permissions = {
        can_add_members_group: nobody,
        can_join_group: nobody,
        can_leave_group: nobody,
        can_manage_group: nobody,
        can_mention_group: everyone,
        can_remove_members_group: nobody,
      };
    }
  }

  /** Adds a channel message (no event). */
  addMessage(input: Omit<SimMessage, 'id'>): SimMessage {
    const message: SimMessage = { id: this.nextMessageId++, ...input };
    this.messages.set(message.id, message);
    return message;
  }

  /** The oldest message of a channel, or null when it has none. */
  firstMessageId(streamId: number): number | null {
    for (const m of this.messages.values()) if (m.streamId === streamId) return m.id;
    return null;
  }

  channel(id: number): SimChannel | undefined {
    return this.channels.find((c) => c.stream_id === id);
  }

  /** A subscriber's settings for a channel (created with the stock values on first use), or undefined. */
  subscription(userId: number, streamId: number): SimSubscriptionSettings | undefined {
    const channel = this.channel(streamId);
    if (!channel || !channel.subscribers.has(userId)) return undefined;
    const key = `${userId}:${streamId}`;
    let settings = this.subscriptionSettings.get(key);
    if (!settings) {
      settings = {
        color: SUBSCRIPTION_COLORS[(streamId - 1) % SUBSCRIPTION_COLORS.length]!,
        isMuted: false,
        pinToTop: false,
        desktopNotifications: null,
        audibleNotifications: null,
        pushNotifications: null,
        emailNotifications: null,
        wildcardMentionsNotify: null,
      };
      this.subscriptionSettings.set(key, settings);
    }
    return settings;
  }

  /** Adds a draft (no event: mutations announce their own changes). */
  addDraft(input: Omit<SimDraft, 'id'>): SimDraft {
    const draft: SimDraft = { id: this.nextDraftId++, ...input };
    this.drafts.push(draft);
    return draft;
  }

  /** Adds a saved snippet (no event). */
  addSnippet(input: Omit<SimSnippet, 'id'>): SimSnippet {
    const snippet: SimSnippet = { id: this.nextSnippetId++, ...input };
    this.snippets.push(snippet);
    return snippet;
  }

  /** The one place state changes become events. */
  emit(event: SvcEvent): void {
    this.emitted.push(event);
    for (const listener of this.listeners) listener(event);
  }

  /** Subscribes to every future event; returns the unsubscribe function. */
  onEvent(listener: SvcEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
