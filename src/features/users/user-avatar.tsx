import { Avatar, type MantineSize } from '@mantine/core';
import type { User } from '../../shared/svc/records';

/**
 * The user's picture when the server sent a URL, else initials in a colour derived from the name. Hidden
 * from assistive technology: the name is always written next to it, and initials would only repeat it.
 */
export function UserAvatar({
  user,
  size = 'sm',
}: {
  user: Pick<User, 'full_name' | 'avatar_url'>;
  size?: MantineSize;
}) {
  return (
    <Avatar
      src={user.avatar_url ?? null}
      name={user.full_name}
      color="initials"
      variant="light"
      radius="xl"
      size={size}
      alt=""
      aria-hidden
    />
  );
}
