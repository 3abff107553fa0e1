import { describe, expect, it } from 'vitest';
import { SimControl } from './control';

describe('SimControl.failNext', () => {
  it('applies to every call by default, counting down', () => {
    const control = new SimControl();
    control.failNext(2, 503);
    expect(control.takeFailure('GET', '/events')).toEqual({ status: 503, mode: 'envelope' });
    expect(control.takeFailure('POST', '/realm/filters')).toEqual({ status: 503, mode: 'envelope' });
    expect(control.takeFailure('POST', '/realm/filters')).toBeNull();
  });

  it('with a filter, leaves other calls alone until a matching one takes it', () => {
    const control = new SimControl();
    control.failNext(1, 500, 'lost', { method: 'post', pathPrefix: '/realm/filters' });
    expect(control.takeFailure('GET', '/events')).toBeNull();
    expect(control.takeFailure('GET', '/realm/filters')).toBeNull();
    expect(control.takeFailure('POST', '/users/me/subscriptions')).toBeNull();
    expect(control.takeFailure('POST', '/realm/filters')).toEqual({ status: 500, mode: 'lost' });
    expect(control.takeFailure('POST', '/realm/filters')).toBeNull();
  });
});
