import { describe, expect, it } from 'vitest';
import { formatLastActive, lastActiveByEmail, lastActiveOf, matchesActivity } from './activity';

const DAY = 86_400;
const now = 1_800_000_000;

describe('activity from presence', () => {
  const byEmail = lastActiveByEmail({
    'a@x': {
      website: { status: 'active', timestamp: now - 100 * DAY },
      aggregated: { status: 'active', timestamp: now - 100 * DAY },
    },
    'b@x': { website: { status: 'idle', timestamp: now - 3 * DAY } },
  });

  it('reads the aggregated timestamp; an active human without presence never was active', () => {
    expect(lastActiveOf({ email: 'a@x', is_active: true, is_bot: false }, byEmail)).toBe(now - 100 * DAY);
    expect(lastActiveOf({ email: 'b@x', is_active: true, is_bot: false }, byEmail)).toBe(now - 3 * DAY);
    expect(lastActiveOf({ email: 'c@x', is_active: true, is_bot: false }, byEmail)).toBe('never');
    // Bots and deactivated users are not listed by the server: unknown, not "never".
    expect(lastActiveOf({ email: 'c@x', is_active: false, is_bot: false }, byEmail)).toBe('unknown');
    expect(lastActiveOf({ email: 'c@x', is_active: true, is_bot: true }, byEmail)).toBe('unknown');
  });

  it('"inactive for more than N days" excludes the never-active; "never active" is its own filter', () => {
    expect(matchesActivity(now - 100 * DAY, 'inactive', 90, now)).toBe(true);
    expect(matchesActivity(now - 30 * DAY, 'inactive', 90, now)).toBe(false);
    expect(matchesActivity('never', 'inactive', 90, now)).toBe(false);
    expect(matchesActivity('never', 'never', 90, now)).toBe(true);
    expect(matchesActivity('unknown', 'never', 90, now)).toBe(false);
    expect(matchesActivity('unknown', null, 90, now)).toBe(true);
  });

  it('tells an imported account that never signed in apart from a never-active one (level 433), presence or not', () => {
    const stub = { email: 'c@x', is_active: true, is_bot: false, is_imported_stub: true };
    expect(lastActiveOf(stub, byEmail)).toBe('imported');
    expect(lastActiveOf(stub, null)).toBe('imported');
    expect(lastActiveOf({ ...stub, is_imported_stub: false }, byEmail)).toBe('never');
    expect(lastActiveOf({ ...stub, is_imported_stub: false }, null)).toBe('unknown');
    // A deactivated stub is deactivated first.
    expect(lastActiveOf({ ...stub, is_active: false }, byEmail)).toBe('unknown');
    expect(matchesActivity('imported', 'imported', 90, now)).toBe(true);
    expect(matchesActivity('imported', 'never', 90, now)).toBe(false);
    expect(matchesActivity('never', 'imported', 90, now)).toBe(false);
    expect(formatLastActive('imported', now)).toBe('Imported, never signed in');
  });

  it('formats for the column', () => {
    expect(formatLastActive(now - 3600, now)).toBe('Today');
    expect(formatLastActive('never', now)).toBe('Never');
    expect(formatLastActive('unknown', now)).toBe('—');
    expect(formatLastActive(now - 400 * DAY, now)).toMatch(/year/);
  });
});
