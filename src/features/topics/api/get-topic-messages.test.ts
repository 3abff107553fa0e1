import { describe, expect, it } from 'vitest';
import { encodeParams } from '../../../shared/svc/wire';
import { pageRequest } from './get-topic-messages';

describe('pageRequest', () => {
  it('anchors the first page at the newest message', () => {
    expect(pageRequest(5, 'lunch', 420, { anchor: 'newest' })).toMatchObject({
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: 5 },
        { operator: 'topic', operand: 'lunch' },
      ],
      allow_empty_topic_name: true,
    });
  });
  it('pages older and newer from a message, leaving the anchor out', () => {
    expect(pageRequest(5, 'lunch', 420, { anchor: 900, direction: 'older' })).toMatchObject({
      anchor: 900,
      include_anchor: false,
      num_before: 1000,
      num_after: 0,
    });
    expect(pageRequest(5, 'lunch', 420, { anchor: 900, direction: 'newer' })).toMatchObject({
      anchor: 900,
      include_anchor: false,
      num_before: 0,
      num_after: 1000,
    });
  });
  it('encodes the narrow as JSON and keeps the empty topic as the empty string', () => {
    const wire = encodeParams(pageRequest(5, '', 420, { anchor: 'newest' }));
    expect(JSON.parse(wire.get('narrow')!)).toEqual([
      { operator: 'channel', operand: 5 },
      { operator: 'topic', operand: '' },
    ]);
    expect(wire.get('anchor')).toBe('newest');
  });
  it('uses the stream operator and no empty-topic flag on older servers', () => {
    const old = pageRequest(5, 'lunch', 200, { anchor: 'newest' });
    expect(old.narrow[0]).toEqual({ operator: 'stream', operand: 5 });
    expect(old).not.toHaveProperty('allow_empty_topic_name');
  });
});
