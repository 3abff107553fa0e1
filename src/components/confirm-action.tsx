import { Button, Group, Modal, Stack, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus';
import { ServerError } from './server-error';

const TONE_COLOR = { danger: 'red', warning: 'orange', neutral: undefined } as const;

export interface ConfirmActionProps {
  opened: boolean;
  onClose: () => void;
  /** A question: "Delete route?" */
  title: string;
  /** What will happen, in the page's words. */
  children: ReactNode;
  /** The action, as a verb phrase on the confirming button: "Delete route". */
  confirmLabel: string;
  onConfirm: () => void;
  cancelLabel?: string;
  /** Red for what cannot be undone (default), orange for what may not do all it says, neutral for the harmless. */
  tone?: keyof typeof TONE_COLOR;
  /** The action is under way: the confirming button spins and Cancel waits for it. */
  pending?: boolean;
  /** A refusal, shown with the server's message verbatim above the buttons. */
  error?: unknown;
  errorTitle?: string;
  /** Which element the dialog focuses when it opens: Cancel (default), the confirming button, or its first. */
  focus?: 'cancel' | 'confirm' | 'first';
  size?: MantineSize;
}

/** The console's confirmation dialog: says what happens, then Cancel or the action, with a refusal in between. */
export function ConfirmAction({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
  tone = 'danger',
  pending = false,
  error = null,
  errorTitle,
  focus = 'cancel',
  size,
}: ConfirmActionProps) {
  useReturnFocus(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={title}
      size={size}
    >
      <Stack gap="md">
        {children}
        <ServerError error={error} title={errorTitle} />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={onClose}
            disabled={pending}
            data-autofocus={focus === 'cancel' || undefined}
          >
            {cancelLabel}
          </Button>
          <Button
            color={TONE_COLOR[tone]}
            onClick={onConfirm}
            loading={pending}
            data-autofocus={focus === 'confirm' || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
