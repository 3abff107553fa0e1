// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../shared/bff/protocol';
import { endedSessionsMessage, useEndedSessionsNotice } from './ended-sessions-notice';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../client/notify', () => ({ notify }));

const base: SessionInfo = {
  user: { userId: 8, email: 'admin@demo.test', fullName: 'Admin', role: 200, avatarUrl: null },
  server: null,
  serverError: null,
  demo: null,
  limits: null,
};

describe('the notice after a sign-in that ended the oldest sessions', () => {
  it('says how many ended and why', () => {
    expect(endedSessionsMessage({ count: 1, limit: 10 })).toBe(
      'You can be signed in on at most 10 browsers at once, so your oldest session was signed out.',
    );
    expect(endedSessionsMessage({ count: 2, limit: 3 })).toContain('your 2 oldest sessions were signed out');
  });

  it('is shown once for the sign-in’s answer, and not for a session read again', () => {
    const { rerender } = renderHook((info: SessionInfo) => useEndedSessionsNotice(info), {
      initialProps: { ...base, endedSessions: { count: 1, limit: 10 } } as SessionInfo,
    });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0]![3]).toContain('at most 10 browsers');
    rerender(base);
    expect(notify).toHaveBeenCalledTimes(1);
  });
});
