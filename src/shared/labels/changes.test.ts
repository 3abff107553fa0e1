import { describe, expect, it } from 'vitest';
import { describeSvcChange } from './changes';

describe('describeSvcChange', () => {
  it('says what a channel update changed, in order, in words', () => {
    expect(
      describeSvcChange('updateChannel', {
        stream_id: 4,
        new_name: ' ops ',
        description: 'Runbooks',
        is_private: true,
        history_public_to_subscribers: false,
        can_send_message_group: { new: 3 },
      }),
    ).toBe(
      'Renamed to “ops”; description changed; made private, new subscribers see only new messages; “Who can post” changed.',
    );
    expect(describeSvcChange('updateChannel', { stream_id: 4, is_web_public: true })).toBe('Made web-public.');
    expect(describeSvcChange('updateChannel', { stream_id: 4, is_archived: false })).toBe('Unarchived.');
    expect(describeSvcChange('updateChannel', { stream_id: 4, folder_id: null })).toBe('Taken out of its folder.');
    expect(describeSvcChange('updateChannel', { stream_id: 4 })).toBeNull();
  });

  it('labels archiving, default channels and folders', () => {
    expect(describeSvcChange('archiveChannel', { stream_id: 4 })).toBe('Archived the channel.');
    expect(describeSvcChange('addDefaultChannel', { stream_id: 4 })).toBe('Made a default channel for new users.');
    expect(describeSvcChange('removeDefaultChannel', { stream_id: 4 })).toBe(
      'Removed from the default channels for new users.',
    );
    expect(describeSvcChange('createChannelFolder', { name: 'Ops' })).toBe('Created the channel folder “Ops”.');
    expect(describeSvcChange('updateChannelFolder', { channel_folder_id: 2, is_archived: true })).toBe(
      'Channel folder archived.',
    );
    expect(describeSvcChange('deactivateUser', { user_id: 4 })).toBeNull();
    expect(
      describeSvcChange('deactivateUser', {
        user_id: 4,
        actions: { delete_public_channel_messages: true, delete_direct_messages: true },
        deactivation_notification_comment: '',
      }),
    ).toBe(
      'Deactivated, and the server deleted their messages in public channels and their direct messages; notified by email.',
    );
    expect(describeSvcChange('deactivateUser', { user_id: 4, actions: { delete_profile: false } })).toBeNull();
  });
});
