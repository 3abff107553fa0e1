import { Button, Group, Modal, Stack, Text, type MantineColor, type ModalProps } from '@mantine/core';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useReturnFocus } from '../return-focus';
import { ServerError } from '../server-error';

export interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /**
   * The dialog's body, usually a component that owns the form's state. Mantine unmounts it when the dialog
   * closes, so each opening starts from fresh values.
   */
  children: ReactNode;
}

/**
 * The shell of every form dialog: a Mantine modal whose close button is named "Close dialog", and which gives
 * focus back to the control that opened it (or the list around it, when that control is gone) once it closes.
 */
export function FormDialog({ opened, onClose, title, size, children }: FormDialogProps) {
  useReturnFocus(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={title}
      size={size}
    >
      {children}
    </Modal>
  );
}

export interface FormFooterProps {
  /** The action, as a verb phrase on the submitting button: "Create group". */
  submitLabel: ReactNode;
  onCancel: () => void;
  cancelLabel?: string;
  /** The request is under way: the submitting button spins, and Cancel waits unless `cancelWhilePending`. */
  pending?: boolean;
  /** Some dialogs let Cancel close them while the request runs (the answer is then only dropped). */
  cancelWhilePending?: boolean;
  /** Why submitting is not possible yet, said under the buttons; the button is disabled while it is set. */
  disabledReason?: ReactNode;
  /** Disabled without a word (nothing changed yet: the form itself shows it). */
  disabled?: boolean;
  /** A refusal, shown with the server's message verbatim above the buttons (null when it went on a field). */
  error?: unknown;
  errorTitle?: string;
  /** Said between the refusal and the buttons (what the refusal means here, a setting that blocks saving). */
  notice?: ReactNode;
  color?: MantineColor;
  /** Without it the button submits the form around it; with it the button is a plain button that calls it. */
  onSubmit?: () => void;
}

/**
 * The standard end of a form dialog: the server's refusal, then Cancel and the action on the right, then why
 * the action is not possible yet (also the button's accessible description).
 */
export function FormFooter({
  submitLabel,
  onCancel,
  cancelLabel = 'Cancel',
  pending = false,
  cancelWhilePending = false,
  disabledReason = null,
  disabled = false,
  error = null,
  errorTitle,
  notice = null,
  color,
  onSubmit,
}: FormFooterProps) {
  const reasonId = useId();
  const hasReason = disabledReason !== null && disabledReason !== undefined && disabledReason !== false;
  return (
    <>
      <ServerError error={error} title={errorTitle} />
      {notice}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={pending && !cancelWhilePending}>
          {cancelLabel}
        </Button>
        <Button
          type={onSubmit ? 'button' : 'submit'}
          onClick={onSubmit}
          color={color}
          loading={pending}
          disabled={disabled || hasReason}
          aria-describedby={hasReason ? reasonId : undefined}
        >
          {submitLabel}
        </Button>
      </Group>
      {hasReason ? (
        <Text id={reasonId} size="xs" c="dimmed">
          {disabledReason}
        </Text>
      ) : null}
    </>
  );
}

export interface DialogFormProps extends FormFooterProps {
  /** The form's submit handler (e.g. `form.onSubmit(...)` of @mantine/form). */
  onFormSubmit: FormEventHandler<HTMLFormElement>;
  /** Names the form when the dialog holds more than one thing a screen reader lists. */
  'aria-label'?: string;
  gap?: 'xs' | 'sm' | 'md' | 'lg';
  /** The fields; the footer follows them. */
  children: ReactNode;
}

/**
 * A form laid out as every dialog lays it out: the fields, then the footer. The browser's own validation is
 * off (`noValidate`): the form's schema says what is wrong, in the console's words, on the field.
 */
export function DialogForm({
  onFormSubmit,
  'aria-label': ariaLabel,
  gap = 'md',
  children,
  ...footer
}: DialogFormProps) {
  return (
    <form onSubmit={onFormSubmit} noValidate aria-label={ariaLabel}>
      <Stack gap={gap}>
        {children}
        <FormFooter {...footer} />
      </Stack>
    </form>
  );
}
