import { Button, Code, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { useCallback, useMemo } from 'react';
import { notify } from '../../client/notify';
import {
  checkLinkifier,
  formatStringToTemplate,
  toRule,
  urlSyntaxFor,
  type Linkifier,
  type LinkifierRule,
} from '../../shared/svc/linkifiers';
import { useAddLinkifier } from './api/add-linkifier';
import { useUpdateLinkifier } from './api/update-linkifier';
import { fieldErrors } from './form-messages';
import { LinkifierSandbox } from './linkifier-sandbox';
import { ServerError } from '../../components/server-error';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The draft's ID in the sandbox: no real linkifier has it. */
const DRAFT_ID = -1;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The linkifier to edit; null to add one. */
  linkifier: Linkifier | null;
  /** Every linkifier, in order, so the sandbox shows the draft among them. */
  linkifiers: readonly Linkifier[];
  featureLevel: number;
  sampleText: string;
  onSampleTextChange: (text: string) => void;
}

export function LinkifierFormModal({ opened, onClose, linkifier, ...rest }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={linkifier ? 'Edit linkifier' : 'Add linkifier'}
      size="70rem"
    >
      {/* The form lives inside the modal body, so it starts fresh each time the dialog opens. */}
      <LinkifierForm linkifier={linkifier} onDone={onClose} {...rest} />
    </Modal>
  );
}

function LinkifierForm({
  linkifier,
  linkifiers,
  featureLevel,
  sampleText,
  onSampleTextChange,
  onDone,
}: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const syntax = urlSyntaxFor(featureLevel);
  const template = syntax === 'template';
  const add = useAddLinkifier(featureLevel);
  const update = useUpdateLinkifier(featureLevel);
  const mutation = linkifier ? update : add;
  const initialUrl = linkifier ? ((template ? linkifier.url_template : linkifier.url_format) ?? '') : '';
  const { form } = useOpForm({
    initialValues: { pattern: linkifier?.pattern ?? '', url: initialUrl },
    validate: (values) => fieldErrors(checkLinkifier(values.pattern, values.url, syntax).issues, syntax),
  });

  // Checked on every change, not per field: the pattern's groups and the URL's variables must agree, and the
  // submit button must know before it is pressed. A field's message shows once its value was changed (or
  // after a submit attempt), so an empty form opens without complaints.
  const check = checkLinkifier(form.values.pattern, form.values.url, syntax);
  const errors = fieldErrors(check.issues, syntax);
  const shown = (field: 'pattern' | 'url') => (form.isDirty(field) ? errors[field] : null) ?? form.errors[field];
  const valid = check.issues.length === 0;
  const unchanged =
    linkifier !== null && form.values.pattern.trim() === linkifier.pattern && form.values.url.trim() === initialUrl;

  // The draft takes its place in the order (last when new), so the sandbox shows what saving would do.
  const draftRules = useMemo((): LinkifierRule[] => {
    const others = linkifiers.map(toRule);
    if (!valid) return others.filter((rule) => rule.id !== linkifier?.id);
    const url = form.values.url.trim();
    const draft: LinkifierRule = {
      id: linkifier?.id ?? DRAFT_ID,
      pattern: form.values.pattern.trim(),
      urlTemplate: template ? url : formatStringToTemplate(url),
    };
    return linkifier ? others.map((rule) => (rule.id === linkifier.id ? draft : rule)) : [...others, draft];
  }, [linkifiers, linkifier, valid, form.values.pattern, form.values.url, template]);
  const draftId = linkifier?.id ?? DRAFT_ID;
  const nameOf = useCallback(
    (rule: LinkifierRule, position: number) =>
      rule.id === draftId ? `this linkifier (${position + 1})` : `linkifier ${position + 1}`,
    [draftId],
  );

  const submit = form.onSubmit((values) => {
    const content = { pattern: values.pattern.trim(), url: values.url.trim() };
    const done = () => {
      notify(
        'success',
        linkifier ? `edit-linkifier-${linkifier.id}` : 'add-linkifier',
        linkifier ? 'Linkifier saved' : 'Linkifier added',
        linkifier ? `“${content.pattern}” was saved.` : `“${content.pattern}” now links to ${content.url}.`,
      );
      onDone();
    };
    if (linkifier) update.mutate({ id: linkifier.id, ...content }, { onSuccess: done });
    else add.mutate(content, { onSuccess: done });
  });

  const groups = check.groups;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Pattern"
            description={
              <>
                A regular expression (re2 syntax). Name each part the URL needs: <Code>(?P&lt;id&gt;[0-9]+)</Code>.
                {groups.length > 0 ? <> Named groups: {groups.join(', ')}.</> : null}
              </>
            }
            placeholder="#(?P<id>[0-9]+)"
            styles={MONOSPACE}
            spellCheck={false}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('pattern')}
            error={shown('pattern')}
          />
          <TextInput
            label={template ? 'URL template' : 'URL format string'}
            description={
              template ? (
                <>
                  An RFC 6570 URL template; insert a named group with <Code>{'{id}'}</Code>.
                </>
              ) : (
                <>
                  Insert a named group with <Code>%(id)s</Code>. This server (feature level {featureLevel}) predates URL
                  templates (level 176).
                </>
              )
            }
            placeholder={template ? 'https://tracker.example/{id}' : 'https://tracker.example/%(id)s'}
            styles={MONOSPACE}
            spellCheck={false}
            autoComplete="off"
            {...form.getInputProps('url')}
            error={shown('url')}
          />
          <ServerError error={mutation.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!valid || unchanged}>
              {linkifier ? 'Save linkifier' : 'Add linkifier'}
            </Button>
          </Group>
          {!valid ? (
            <Text size="xs" c="dimmed">
              {linkifier ? 'Saving' : 'Adding'} is possible once the pattern and the URL are valid.
            </Text>
          ) : null}
        </Stack>
      </form>
      <LinkifierSandbox
        title="Try it"
        order={4}
        rules={draftRules}
        nameOf={nameOf}
        text={sampleText}
        onTextChange={onSampleTextChange}
      />
    </SimpleGrid>
  );
}
