import { useState, type SyntheticEvent } from 'react';
import { useDataTableScrolling } from '../../components/data-table/data-table';
import type { User } from '../../shared/svc/records';
import classes from './user-avatar.module.css';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

// Mantine's Avatar `color="initials"` palette and hash, so a user keeps the colour they had.
const INITIALS_COLORS = ['blue', 'cyan', 'grape', 'green', 'indigo', 'lime', 'orange', 'pink', 'red', 'teal', 'violet'];

export function initialsColor(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) {
    hash = (hash << 5) - hash + name.charCodeAt(i);
    hash |= 0;
  }
  return INITIALS_COLORS[Math.abs(hash) % INITIALS_COLORS.length]!;
}

/** Up to two letters: the first of each word, or the first two of a single word. */
export function initialsOf(name: string): string {
  const words = name.split(' ');
  if (words.length === 1) return name.slice(0, 2).toUpperCase();
  return words
    .map((word) => word[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.hidden = true;
}

/**
 * False while the table around is scrolling and this avatar has not yet been still: rows that fly past
 * show initials and never fetch, parse and paint their picture. Once shown, a picture stays.
 */
function useShowPicture(): boolean {
  const scrolling = useDataTableScrolling();
  const [shown, setShown] = useState(!scrolling);
  if (!shown && !scrolling) setShown(true);
  return shown;
}

/**
 * The user's picture when the server sent a URL, else initials in a colour derived from the name. Hidden
 * from assistive technology: the name is always written next to it, and initials would only repeat it.
 * Plain elements: the users table renders one per row while scrolling. The picture waits until the table
 * stops scrolling, loads lazily and decodes off the main thread; initials sit underneath and show until it
 * is there, or if it fails.
 */
export function UserAvatar({ user, size = 'sm' }: { user: Pick<User, 'full_name' | 'avatar_url'>; size?: AvatarSize }) {
  const color = initialsColor(user.full_name);
  const showPicture = useShowPicture();
  return (
    <span className={classes.root} data-size={size} aria-hidden>
      <span
        className={classes.initials}
        style={{
          background: `var(--mantine-color-${color}-light)`,
          color: `var(--mantine-color-${color}-light-color)`,
        }}
      >
        {initialsOf(user.full_name)}
      </span>
      {user.avatar_url && showPicture ? (
        <img
          // A new element per picture: a recycled table row must not keep a previous picture's hidden state.
          key={user.avatar_url}
          className={classes.image}
          src={user.avatar_url}
          alt=""
          loading="lazy"
          decoding="async"
          onError={hideBrokenImage}
        />
      ) : null}
    </span>
  );
}
