import { notifications } from '@mantine/notifications';

/**
 * The single notifier. Ids are stable per subject, so a repeated message updates the toast that is
 * already on screen instead of stacking another one.
 */
export function notify(kind: 'success' | 'error' | 'info', id: string, title: string, message: string): void {
  const color = kind === 'success' ? 'teal' : kind === 'error' ? 'red' : 'blue';
  const payload = { id, title, message, color, autoClose: kind === 'error' ? 8000 : 4000, withBorder: true };
  notifications.hide(id);
  notifications.show(payload);
}
