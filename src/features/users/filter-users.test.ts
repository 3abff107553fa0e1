import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/svc/records';
import { ROLE } from '../../shared/svc/roles';
import { filterUsers, hasActiveFilters, indexUsers, type UserFilters } from './filter-users';

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
const names = (users: User[]) => users.map((u) => u.full_name);

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
