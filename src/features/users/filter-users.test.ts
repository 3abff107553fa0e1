import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/svc/records';
import { ROLE } from '../../shared/svc/roles';
import { filterUsers, hasActiveFilters, indexUsers, sortByName, type UserFilters } from './filter-users';

let nextId = 1;
function user(overrides: Partial<User>): User {
  const id = nextId++;
  return {
    user_id: id,
    email: `user${id}@demo.test`,
    delivery_email: null,
    full_name: `User ${id}`,
    date_joined: '2024-01-01T00:00:00Z',
    is_active: true,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: false,
    bot_type: null,
    role: ROLE.member,
    timezone: '',
    avatar_version: 1,
    ...overrides,
  };
}

const mia = user({ full_name: 'Mia Member', delivery_email: 'mia@demo.test' });
const olga = user({ full_name: 'Olga Owner', role: ROLE.owner });
const gone = user({ full_name: 'Gary Gone', is_active: false });
const bot = user({ full_name: 'Zed Bot', is_bot: true, bot_type: 1, email: 'zed-bot@demo.test' });
const index = indexUsers([bot, gone, olga, mia]);
const all: UserFilters = { q: '', role: null, status: null, bots: null };
const names = (users: readonly User[]) => users.map((u) => u.full_name);

describe('filterUsers', () => {
  it('sorts by name and keeps everyone without filters', () => {
    expect(names(filterUsers(index, all))).toEqual(['Gary Gone', 'Mia Member', 'Olga Owner', 'Zed Bot']);
    expect(hasActiveFilters(all)).toBe(false);
  });

  it('matches name and both emails, case-insensitively, every word', () => {
    expect(names(filterUsers(index, { ...all, q: 'MIA' }))).toEqual(['Mia Member']);
    expect(names(filterUsers(index, { ...all, q: 'mia@demo' }))).toEqual(['Mia Member']);
    expect(names(filterUsers(index, { ...all, q: `user${mia.user_id}@` }))).toEqual(['Mia Member']);
    expect(names(filterUsers(index, { ...all, q: 'mia  member' }))).toEqual(['Mia Member']);
    expect(names(filterUsers(index, { ...all, q: 'mia owner' }))).toEqual([]);
  });

  it('filters by role, status and bots', () => {
    expect(names(filterUsers(index, { ...all, role: 'owner' }))).toEqual(['Olga Owner']);
    expect(names(filterUsers(index, { ...all, status: 'deactivated' }))).toEqual(['Gary Gone']);
    expect(names(filterUsers(index, { ...all, status: 'active' }))).toEqual(['Mia Member', 'Olga Owner', 'Zed Bot']);
    expect(names(filterUsers(index, { ...all, bots: 'bots' }))).toEqual(['Zed Bot']);
    expect(names(filterUsers(index, { ...all, bots: 'humans' }))).toEqual(['Gary Gone', 'Mia Member', 'Olga Owner']);
    expect(hasActiveFilters({ ...all, bots: 'bots' })).toBe(true);
  });
});

describe('sortByName', () => {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const byCollator = (users: readonly User[]) =>
    [...users].sort((a, b) => collator.compare(a.full_name, b.full_name) || a.user_id - b.user_id);

  it('orders as the collator does, where code-unit order would not', () => {
    const list = [
      'Zoë Tanaka',
      'zoe Adams',
      'Émile Roux',
      'Eve Stone',
      'User 10',
      'User 9',
      'anna',
      'Anna',
      'Ann Lee',
    ].map((full_name) => user({ full_name }));
    const sorted = names(sortByName(list));
    expect(sorted).toEqual(names(byCollator(list)));
    expect(sorted.indexOf('User 9')).toBeLessThan(sorted.indexOf('User 10'));
    expect(sorted.indexOf('Émile Roux')).toBeLessThan(sorted.indexOf('Eve Stone'));
  });

  it('breaks ties between equal names by user ID, whatever the input order', () => {
    const [a, b, c] = [user({ full_name: 'Sam Lee' }), user({ full_name: 'sam lee' }), user({ full_name: 'Sam Lee' })];
    expect(sortByName([c!, b!, a!]).map((u) => u.user_id)).toEqual([a!.user_id, b!.user_id, c!.user_id]);
  });

  it('matches the collator on a large generated list', () => {
    const first = ['Ana', 'Åsa', 'Björn', 'Chloé', 'Émilie', 'Eva', 'Zoë', 'zoe', 'Ørjan', 'Oscar', 'Iñigo', 'Ivan'];
    const last = ['García', 'Garcia', 'Müller', 'Mueller', 'Smith', "O'Neil", 'van Dijk', 'Støre', 'Lee 2', 'Lee 10'];
    const list = Array.from({ length: 3_000 }, (_, i) =>
      user({ full_name: `${first[(i * 7) % first.length]} ${last[(i * 13) % last.length]}` }),
    );
    expect(sortByName(list)).toEqual(byCollator(list));
  });
});

describe('UsersIndex', () => {
  it('lists users sorted and searches name and both emails once built', () => {
    const built = indexUsers([mia, olga]);
    expect(names(built.sorted)).toEqual(['Mia Member', 'Olga Owner']);
    const ownIndex = built.sorted.indexOf(mia);
    expect(built.haystacks()[ownIndex]).toBe(`mia member\nmia@demo.test\n${mia.email}`);
    // Built once, then reused for every keystroke.
    expect(built.haystacks()).toBe(built.haystacks());
  });

  it('returns the sorted list itself when nothing filters', () => {
    expect(filterUsers(index, all)).toBe(index.sorted);
  });
});
