import type { Role } from '../../shared/svc';
import type { SystemGroupName } from '../../shared/svc/group-settings';
import { BIOGRAPHIES, DEPARTMENTS, FIRST_NAMES, LAST_NAMES, PRONOUNS, STATUS_PRESETS, TIMEZONES } from './demo-names';
import { resolveStatusEmoji } from './emoji';
import { seedPresence } from './presence';
import { Random } from './random';
import { seedMessages } from './seed-messages';
import { seedUserGroups } from './seed-user-groups';
import {
  EMAIL_VISIBILITY,
  PROFILE_FIELD_TYPE,
  type BotType,
  type SimChannel,
  type EmailVisibility,
  type SimUser,
  type StatusRow,
  type SvcStore,
} from './store';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: readonly { email: string; role: Role; fullName: string }[] = [
  { email: 'owner@demo.test', role: 100, fullName: 'Olivia Owner' },
  { email: 'admin@demo.test', role: 200, fullName: 'Adam Admin' },
  { email: 'moderator@demo.test', role: 300, fullName: 'Mo Moderator' },
  { email: 'member@demo.test', role: 400, fullName: 'Mia Member' },
  { email: 'guest@demo.test', role: 600, fullName: 'Gus Guest' },
];

export const PROFILE_FIELD_IDS = { phone: 1, biography: 2, pronouns: 3, department: 4 } as const;

const DEMO_BOTS: readonly { local: string; fullName: string; botType: BotType }[] = [
  { local: 'deploy-bot', fullName: 'Deploy Bot', botType: 1 },
  { local: 'ci-webhook-bot', fullName: 'CI Webhook', botType: 2 },
  { local: 'standup-bot', fullName: 'Standup Helper', botType: 3 },
  { local: 'helper-bot', fullName: 'Helper Bot', botType: 4 },
];

/** Pattern and RFC 6570 URL template of each demo linkifier, in the order they apply. */
const DEMO_LINKIFIERS: readonly (readonly [string, string])[] = [
  ['(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_.-]+)#(?P<id>[0-9]+)', 'https://github.com/{org}/{repo}/issues/{id}'],
  ['CVE-(?P<year>[0-9]{4})-(?P<number>[0-9]{4,})', 'https://www.cve.org/CVERecord?id=CVE-{year}-{number}'],
  ['(?P<project>[A-Z][A-Z0-9]+)-(?P<number>[0-9]+)', 'https://issues.demo.test/browse/{project}-{number}'],
];

/** People of an import from another chat product who never signed in (`is_imported_stub`, level 433). */
const IMPORTED_STUBS: readonly string[] = ['Rosa Delgado', 'Tomás Ferreira'];
const IMPORTED_AT_MS = Date.UTC(2025, 5, 2, 14, 0, 0);

// Fixed instants, not the wall clock, so the realm is the same whenever it is seeded.
const REALM_CREATED_MS = Date.UTC(2016, 2, 14, 9, 30, 0);
const GENERATED_FROM_MS = Date.UTC(2017, 0, 1);
const GENERATED_UNTIL_MS = Date.UTC(2025, 8, 1);

/** The server's timestamp format, e.g. `2019-10-20T07:50:53.728864+00:00`. */
function isoWithMicros(ms: number, rng: Random): string {
  const iso = new Date(ms).toISOString(); // 2019-10-20T07:50:53.728Z
  return `${iso.slice(0, 23)}${String(rng.int(0, 999)).padStart(3, '0')}+00:00`;
}

function asciiLocalPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

type NewUser = Omit<SimUser, 'user_id' | 'apiEmail'>;

function human(
  rng: Random,
  fields: Pick<NewUser, 'deliveryEmail' | 'fullName' | 'role' | 'dateJoined'> & Partial<NewUser>,
) {
  const user: NewUser = {
    isActive: true,
    isBot: false,
    botType: null,
    botOwnerId: null,
    timezone: '',
    avatarSource: 'G',
    avatarVersion: 1,
    emailAddressVisibility: EMAIL_VISIBILITY.everyone,
    apiKey: rng.token(32),
    password: DEMO_PASSWORD,
    profileData: new Map(),
    ...fields,
  };
  return user;
}

function setStatus(store: SvcStore, userId: number, text: string, emojiName: string): void {
  const row: StatusRow = { status_text: text, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' };
  if (emojiName) Object.assign(row, resolveStatusEmoji(store.realmEmoji, emojiName, undefined, undefined));
  store.statuses.set(userId, row);
}

/** The named accounts everyone signs in as. */
interface DemoPeople {
  owner: SimUser;
  admin: SimUser;
  moderator: SimUser;
  member: SimUser;
  guest: SimUser | undefined;
}

/**
 * Fills an empty store with the demo organization: the five named sign-ins, one bot of each type owned by
 * the administrator, and `generatedUsers` generated people with varied roles, visibility, time zones,
 * statuses and profile data. Deterministic for a given seed: every step below draws from the one generator
 * in this order, so reordering them changes every generated user.
 */
export function seedDemoRealm(store: SvcStore, options: { seed: number; generatedUsers: number }): void {
  const rng = new Random(options.seed);
  store.realmSettings.date_created = Math.floor(REALM_CREATED_MS / 1000);
  seedProfileFields(store);
  const people = seedNamedAccounts(store, rng);
  seedCustomizations(store, people);
  seedUserGroups(store, people);
  seedChannelsAndDrafts(store, people);
  seedMessages(store);
  seedBots(store, rng, people.admin);
  seedGeneratedUsers(store, rng, options.generatedUsers);
  // Appended after everyone else, so the generated users keep their IDs and random draws.
  const stubs = seedImportedStubs(store, rng);
  keepGuestDraftsOnDevices(store);
  seedPresence(store, options.seed);
  // Never signed in, so never seen online.
  for (const stub of stubs) store.presence.delete(stub.user_id);
}

function seedProfileFields(store: SvcStore): void {
  store.profileFields.push(
    {
      id: PROFILE_FIELD_IDS.phone,
      name: 'Phone',
      type: PROFILE_FIELD_TYPE.shortText,
      hint: 'Including country code',
      order: 1,
    },
    {
      id: PROFILE_FIELD_IDS.biography,
      name: 'Biography',
      type: PROFILE_FIELD_TYPE.longText,
      hint: 'What do you do?',
      order: 2,
    },
    {
      id: PROFILE_FIELD_IDS.pronouns,
      name: 'Pronouns',
      type: PROFILE_FIELD_TYPE.pronouns,
      hint: 'What pronouns should people use to refer to you?',
      order: 3,
    },
    { id: PROFILE_FIELD_IDS.department, name: 'Department', type: PROFILE_FIELD_TYPE.shortText, hint: '', order: 4 },
  );
}

function seedNamedAccounts(store: SvcStore, rng: Random): DemoPeople {
  const named = DEMO_ACCOUNTS.map((account, i) =>
    store.addUser(
      human(rng, {
        deliveryEmail: account.email,
        fullName: account.fullName,
        role: account.role,
        dateJoined: isoWithMicros(REALM_CREATED_MS + i * 86_400_000 * 3, rng),
        timezone:
          ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Europe/London', 'America/Los_Angeles'][i] ?? '',
        // The owner has uploaded a picture; the others use gravatar.
        avatarSource: i === 0 ? 'U' : 'G',
        avatarVersion: i === 0 ? 3 : 1,
      }),
    ),
  );
  const [owner, admin, moderator, member] = named;
  if (!owner || !admin || !moderator || !member) throw new Error('demo accounts missing');
  return { owner, admin, moderator, member, guest: named[4] };
}

/** Custom emoji, linkifiers, profile data and statuses of the named accounts. */
function seedCustomizations(store: SvcStore, { owner, admin, moderator, member }: DemoPeople): void {
  // The demo owner may create accounts directly (a server administrator's grant on a real server).
  owner.canCreateUsers = true;
  store.realmEmoji.set('1', { id: '1', name: 'green_tick', deactivated: false, authorId: owner.user_id });
  store.realmEmoji.set('2', { id: '2', name: 'party_parrot', deactivated: false, authorId: admin.user_id });
  store.realmEmoji.set('3', { id: '3', name: 'old_logo', deactivated: true, authorId: owner.user_id });

  // Issue links in the effective order; the CVE one comes before the ticket key one, whose pattern also
  // matches the start of a CVE number, so the sandbox has an overlap to show.
  for (const [pattern, template] of DEMO_LINKIFIERS) store.addLinkifier(pattern, template);

  owner.profileData.set(PROFILE_FIELD_IDS.department, 'Leadership');
  owner.profileData.set(PROFILE_FIELD_IDS.pronouns, 'she/her');
  admin.profileData.set(PROFILE_FIELD_IDS.department, 'Operations');
  admin.profileData.set(PROFILE_FIELD_IDS.phone, '+1-555-0100-2000');
  member.profileData.set(PROFILE_FIELD_IDS.biography, 'Product designer. I care about **accessible** interfaces.');
  member.profileData.set(PROFILE_FIELD_IDS.phone, '+49-30-5550-4000');
  member.profileData.set(PROFILE_FIELD_IDS.pronouns, 'she/her');
  setStatus(store, admin.user_id, 'Working remotely', 'house');
  setStatus(store, moderator.user_id, 'In a meeting', 'calendar');
}

function seedBots(store: SvcStore, rng: Random, admin: SimUser): void {
  DEMO_BOTS.forEach((bot, i) => {
    store.addUser({
      deliveryEmail: `${bot.local}@${store.realm.host}`,
      fullName: bot.fullName,
      dateJoined: isoWithMicros(REALM_CREATED_MS + (20 + i) * 86_400_000, rng),
      isActive: true,
      role: 400,
      isBot: true,
      botType: bot.botType,
      botOwnerId: admin.user_id,
      timezone: '',
      avatarSource: 'U',
      avatarVersion: 1,
      emailAddressVisibility: EMAIL_VISIBILITY.everyone,
      apiKey: rng.token(32),
      password: null,
      profileData: new Map(),
    });
  });
}

function seedGeneratedUsers(store: SvcStore, rng: Random, count: number): void {
  // Join times increase with user ID, as they do on a real server.
  const joined = Array.from({ length: count }, () => rng.int(GENERATED_FROM_MS, GENERATED_UNTIL_MS)).sort(
    (a, b) => a - b,
  );
  for (let i = 0; i < count; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const role = rng.weighted<Role>([
      [400, 85],
      [300, 4],
      [200, 2],
      [600, 9],
    ]);
    const visibility = rng.weighted<EmailVisibility>([
      [EMAIL_VISIBILITY.everyone, 35],
      [EMAIL_VISIBILITY.members, 30],
      [EMAIL_VISIBILITY.admins, 15],
      [EMAIL_VISIBILITY.moderators, 10],
      [EMAIL_VISIBILITY.nobody, 10],
    ]);
    const uploaded = rng.chance(0.3);
    const user = store.addUser(
      human(rng, {
        deliveryEmail: `${asciiLocalPart(first)}.${asciiLocalPart(last)}.${i + 1}@${store.realm.host}`,
        fullName: `${first} ${last}`,
        role,
        dateJoined: isoWithMicros(joined[i] ?? GENERATED_FROM_MS, rng),
        isActive: !rng.chance(0.05),
        timezone: rng.pick(TIMEZONES),
        avatarSource: uploaded ? 'U' : 'G',
        avatarVersion: uploaded ? rng.int(2, 6) : 1,
        emailAddressVisibility: visibility,
      }),
    );
    fillGeneratedProfile(store, rng, user);
  }
}

function fillGeneratedProfile(store: SvcStore, rng: Random, user: SimUser): void {
  if (rng.chance(0.3))
    user.profileData.set(
      PROFILE_FIELD_IDS.phone,
      `+1-555-01${String(rng.int(0, 99)).padStart(2, '0')}-${rng.int(1000, 9999)}`,
    );
  if (rng.chance(0.2)) user.profileData.set(PROFILE_FIELD_IDS.biography, rng.pick(BIOGRAPHIES));
  if (rng.chance(0.4)) user.profileData.set(PROFILE_FIELD_IDS.pronouns, rng.pick(PRONOUNS));
  if (rng.chance(0.6)) user.profileData.set(PROFILE_FIELD_IDS.department, rng.pick(DEPARTMENTS));
  if (user.isActive && rng.chance(0.12)) {
    const [text, emoji] = rng.pick(STATUS_PRESETS);
    setStatus(store, user.user_id, text, emoji);
  }
}

function seedImportedStubs(store: SvcStore, rng: Random): SimUser[] {
  return IMPORTED_STUBS.map((fullName, i) =>
    store.addUser(
      human(rng, {
        deliveryEmail: `${fullName.split(' ').map(asciiLocalPart).join('.')}.imported@${store.realm.host}`,
        fullName,
        role: 400,
        dateJoined: isoWithMicros(IMPORTED_AT_MS + i * 1000, rng),
        // They never signed in: no password of their own yet.
        password: null,
        isImportedStub: true,
      }),
    ),
  );
}

/** The guest keeps drafts on their devices only: drafts synchronization off, so none are stored here. */
function keepGuestDraftsOnDevices(store: SvcStore): void {
  const guest = store.userByDeliveryEmail('guest@demo.test');
  if (!guest) return;
  store.personalSettings.set(guest.user_id, {
    ...store.personalSettings.get(guest.user_id),
    enable_drafts_synchronization: false,
  });
  for (let i = store.drafts.length - 1; i >= 0; i--)
    if (store.drafts[i]!.ownerId === guest.user_id) store.drafts.splice(i, 1);
}

/** The channels the drafts and snippets refer to. */
interface DemoChannels {
  general: SimChannel;
  design: SimChannel;
  announcements: SimChannel;
  leadership: SimChannel;
  support: SimChannel;
}

const createdOnDay = (day: number) => Math.floor(REALM_CREATED_MS / 1000) + day * 86_400;

/**
 * A few channels of each kind (public, private, web-public, archived) with varied permissions, folders and
 * retention, and drafts and saved snippets for the demo accounts. Uses no randomness, so the generated
 * users stay what they were.
 */
function seedChannelsAndDrafts(store: SvcStore, people: DemoPeople): void {
  const channels = seedChannels(store, people);
  // Some personal channel settings, so the subscriptions page starts with a bit of variety.
  for (const person of [people.owner, people.admin, people.moderator, people.member]) {
    const pinned = store.subscription(person.user_id, channels.general.stream_id);
    if (pinned) pinned.pinToTop = true;
    const quiet = store.subscription(person.user_id, channels.support.stream_id);
    if (quiet) quiet.emailNotifications = false;
  }
  seedDrafts(store, people, channels);
  seedSnippets(store, people);
}

function seedChannels(store: SvcStore, { owner, admin, moderator, member, guest }: DemoPeople): DemoChannels {
  const staff = [owner, admin, moderator, member].map((u) => u.user_id);
  const channel = (
    name: string,
    description: string,
    kind: { inviteOnly?: boolean; isWebPublic?: boolean; isArchived?: boolean },
    subscribers: number[],
    day: number,
  ) =>
    store.addChannel({
      name,
      description,
      inviteOnly: kind.inviteOnly ?? false,
      isWebPublic: kind.isWebPublic ?? false,
      isArchived: kind.isArchived ?? false,
      dateCreated: createdOnDay(day),
      creatorId: owner.user_id,
      subscribers: new Set(subscribers),
    });
  const everyone = guest ? [...staff, guest.user_id] : staff;
  const group = (name: SystemGroupName) => store.systemGroup(name).id;
  const { company, product } = seedChannelFolders(store, owner);

  const general = channel('general', 'Everyone, everything.', {}, everyone, 0);
  Object.assign(general, { isDefault: true, folderId: company.id });
  const design = channel('design', 'Sketches, reviews and **accessibility** notes.', {}, staff, 1);
  design.folderId = product.id;
  Object.assign(design.permissions, {
    can_move_messages_within_channel_group: group('role:members'),
    can_resolve_topics_group: group('role:members'),
    can_subscribe_group: group('role:members'),
  });
  const announcements = channel(
    'announcements',
    'News for the whole company, readable without an account.',
    { isWebPublic: true },
    everyone,
    2,
  );
  Object.assign(announcements, { isDefault: true, folderId: company.id });
  // Announcement-only: only administrators post.
  announcements.permissions.can_send_message_group = group('role:administrators');
  const leadership = channel(
    'leadership',
    'Private: planning among the owners and admins.',
    { inviteOnly: true },
    [owner.user_id, admin.user_id],
    3,
  );
  Object.assign(leadership, { historyPublicToSubscribers: false, messageRetentionDays: 365 });
  leadership.permissions.can_add_subscribers_group = { direct_members: [owner.user_id], direct_subgroups: [] };
  leadership.permissions.can_administer_channel_group = {
    direct_members: [owner.user_id],
    direct_subgroups: [group('role:administrators')],
  };
  const support = channel('support', 'Questions from customers, answered by the team.', {}, staff, 4);
  Object.assign(support, { messageRetentionDays: 90, topicsPolicy: 'disable_empty_topic' });
  Object.assign(support.permissions, {
    can_remove_subscribers_group: group('role:moderators'),
    can_add_subscribers_group: group('role:members'),
    can_delete_any_message_group: group('role:moderators'),
  });
  const legacy = channel(
    'legacy-releases',
    'Release planning before we moved to the tracker.',
    { isArchived: true },
    staff,
    5,
  );
  legacy.messageRetentionDays = -1;
  return { general, design, announcements, leadership, support };
}

function seedChannelFolders(store: SvcStore, owner: SimUser) {
  const folder = (name: string, description: string, isArchived = false) =>
    store.addChannelFolder({
      name,
      description,
      dateCreated: createdOnDay(6),
      creatorId: owner.user_id,
      isArchived,
    });
  const company = folder('Company', 'Channels **everyone** should follow.');
  const product = folder('Product', 'Design and product work.');
  folder('Old projects', 'Archived work, kept for reference.', true);
  return { company, product };
}

function seedDrafts(store: SvcStore, { owner, admin, moderator, member }: DemoPeople, channels: DemoChannels): void {
  const at = (hoursAgo: number) => Math.floor(store.now() / 1000) - hoursAgo * 3_600;
  const draft = (
    ownerId: number,
    type: '' | 'stream' | 'private',
    to: number[],
    topic: string,
    content: string,
    hoursAgo: number,
  ) => store.addDraft({ ownerId, type, to, topic, content, timestamp: at(hoursAgo) });
  for (const person of [owner, admin, moderator, member]) {
    draft(
      person.user_id,
      'stream',
      [channels.general.stream_id],
      'weekly sync',
      'Agenda for Thursday: release dates, hiring, **retro**.',
      2,
    );
    draft(
      person.user_id,
      'private',
      [owner.user_id === person.user_id ? admin.user_id : owner.user_id],
      '',
      'Can we move our 1:1 to Friday?',
      26,
    );
    draft(person.user_id, '', [], '', 'Idea: a channel for sharing *small wins*.', 50);
  }
  draft(admin.user_id, 'stream', [channels.leadership.stream_id], 'budget', 'Numbers for Q3 are in the sheet.', 5);
  draft(member.user_id, 'stream', [channels.design.stream_id], 'icons', 'New icon set is ready for review.', 8);
  draft(member.user_id, 'private', [admin.user_id, moderator.user_id], '', 'Who owns the onboarding checklist?', 30);
  draft(owner.user_id, 'stream', [channels.announcements.stream_id], 'launch', 'We are live!', 72);
}

function seedSnippets(store: SvcStore, { owner, admin, moderator, member }: DemoPeople): void {
  for (const person of [owner, admin, moderator, member]) {
    const snippet = (title: string, content: string) =>
      store.addSnippet({ ownerId: person.user_id, title, content, dateCreated: createdOnDay(10) });
    snippet('Welcome', 'Welcome to the organization! Start in **#general** and say hello.');
    snippet('Meeting notes', '**Decisions**\n- …\n\n**Action items**\n- …');
    snippet('Out of office', 'I am away until Monday; for anything urgent, write to `#support`.');
  }
}
