import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { formatChangeCount } from './settings-form';

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
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title="Leave without saving?"
    >
      <Stack gap="md">
        <Text size="sm">
          You have {formatChangeCount(count).toLowerCase()} to the defaults for new users. They are lost if you leave
          this page now.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay on this page
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
