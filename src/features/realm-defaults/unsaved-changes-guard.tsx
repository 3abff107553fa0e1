import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { formatChangeCount } from './settings-form';
import { ConfirmAction } from '../../components/confirm-action';

/**
 * While there are unsaved changes, leaving the page asks first: navigation inside the console through a
 * confirm dialog (react-router's blocker), closing or reloading the tab through the browser's own prompt.
 */
export function UnsavedChangesGuard({ count }: { count: number }) {
  const dirty = count > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  return (
    <ConfirmAction
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      cancelLabel="Stay on this page"
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
    >
      <Text size="sm">
        You have {formatChangeCount(count).toLowerCase()} to the defaults for new users. They are lost if you leave this
        page now.
      </Text>
    </ConfirmAction>
  );
}
