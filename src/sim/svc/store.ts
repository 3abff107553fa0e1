import type { ReactionType, Role } from '../../shared/svc';
import type { RealmEmoji } from './emoji';
import type { SvcEvent, SvcEventListener } from './events';
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
}

/** The stored form of a status; empty strings mean "not set", as on the server. */
export interface StatusRow {
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

export const PROFILE_FIELD_TYPE = { shortText: 1, longText: 2, pronouns: 8 } as const;
export type ProfileFieldType = (typeof PROFILE_FIELD_TYPE)[keyof typeof PROFILE_FIELD_TYPE];

export interface CustomProfileField {
  id: number;
  name: string;
  type: ProfileFieldType;
  hint: string;
  order: number;
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

/**
 * The simulator's state. Reads are free; every change that clients would hear about goes through
 * `emit()`, which is where event queues attach.
 */
export class SvcStore {
  /** Every user, bots and deactivated users included, in ID order. */
  readonly users: SimUser[] = [];
  readonly statuses = new Map<number, StatusRow>();
  readonly realmEmoji = new Map<string, RealmEmoji>();
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
  readonly drafts: SimDraft[] = [];
  readonly snippets: SimSnippet[] = [];
  /**
   * Personal settings per subscription, keyed `userId:streamId`. Being subscribed is the channel's
   * `subscribers`; a subscription without an entry here has the stock settings.
   */
  readonly subscriptionSettings = new Map<string, SimSubscriptionSettings>();
  private readonly byId = new Map<number, SimUser>();
  private readonly byDeliveryEmail = new Map<string, SimUser>();
  private readonly byApiKey = new Map<string, SimUser>();
  private readonly listeners = new Set<SvcEventListener>();
  private nextUserId = 1;
  private nextLinkifierId = 1;
  private nextChannelId = 1;
  private nextDraftId = 1;
  private nextSnippetId = 1;

  constructor(
    readonly realm: RealmInfo,
    /** The server's feature level; some event shapes depend on it. */
    public featureLevel: number,
    readonly now: () => number,
  ) {}

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
    const linkifier: SimLinkifier = { id: this.nextLinkifierId++, pattern, urlTemplate, order };
    this.linkifiers.push(linkifier);
    return linkifier;
  }

  /** Adds a channel (no event). */
  addChannel(input: Omit<SimChannel, 'stream_id'>): SimChannel {
    const channel: SimChannel = { stream_id: this.nextChannelId++, ...input };
    this.channels.push(channel);
    return channel;
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
