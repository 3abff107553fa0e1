import { SimpleGrid } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ApiError } from '../../client/api-error';
import { notify } from '../../client/notify';
import {
  checkLinkifier,
  formatStringToTemplate,
  LINKIFIER_LEVELS,
  toRule,
  urlSyntaxFor,
  type Linkifier,
  type LinkifierExtras,
  type LinkifierRule,
} from '../../shared/svc/linkifiers';
import { contentParams, useAddLinkifier, type LinkifierContent } from './api/add-linkifier';
import { svcOps } from '../../shared/svc/catalog';
import { useUpdateLinkifier } from './api/update-linkifier';
import { fieldErrors, refusedField } from './form-messages';
import { LinkifierFields, type LinkifierFormValues } from './linkifier-fields';
import { LinkifierSandbox } from './linkifier-sandbox';
import { levelGateReason } from './permissions';
import { DialogForm, FormDialog } from '../../components/form-dialog';

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
    <FormDialog opened={opened} onClose={onClose} title={linkifier ? 'Edit linkifier' : 'Add linkifier'} size="70rem">
      {/* The form lives inside the modal body, so it starts fresh each time the dialog opens. */}
      <LinkifierForm linkifier={linkifier} onDone={onClose} {...rest} />
    </FormDialog>
  );
}

/** One alternative URL template per line; blank lines do not count. */
export function alternativeLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function initialValues(linkifier: Linkifier | null, template: boolean): LinkifierFormValues {
  return {
    pattern: linkifier?.pattern ?? '',
    url: linkifier ? ((template ? linkifier.url_template : linkifier.url_format) ?? '') : '',
    exampleInput: linkifier?.example_input ?? '',
    reverseTemplate: linkifier?.reverse_template ?? '',
    alternativeUrlTemplates: (linkifier?.alternative_url_templates ?? []).join('\n'),
  };
}

/** The form's values as the content to save, trimmed, with only the fields this server has. */
/** The operation's parameters by the form field they come from. */
const LINKIFIER_PARAM_FIELDS = {
  url_template: 'url',
  url_format_string: 'url',
  example_input: 'exampleInput',
  reverse_template: 'reverseTemplate',
  alternative_url_templates: 'alternativeUrlTemplates',
} as const;

function contentOf(values: LinkifierFormValues, level: number): LinkifierContent & LinkifierExtras {
  return {
    pattern: values.pattern.trim(),
    url: values.url.trim(),
    ...(level >= LINKIFIER_LEVELS.reverse
      ? { exampleInput: values.exampleInput.trim(), reverseTemplate: values.reverseTemplate.trim() }
      : {}),
    ...(level >= LINKIFIER_LEVELS.alternativeUrls
      ? { alternativeUrlTemplates: alternativeLines(values.alternativeUrlTemplates) }
      : {}),
  };
}

const sameContent = (a: LinkifierContent, b: LinkifierContent) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The sandbox starts from the example input: while the sample text is empty or still the previous example,
 * it follows the example as it is typed.
 */
function useExampleInSandbox(example: string, sampleText: string, onSampleTextChange: (text: string) => void) {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const trimmed = example.trim();
    const follows = sampleText === '' || sampleText === previous.current;
    if (trimmed !== '' && follows && sampleText !== trimmed) onSampleTextChange(trimmed);
    previous.current = trimmed;
  }, [example, sampleText, onSampleTextChange]);
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
  const initial = initialValues(linkifier, syntax === 'template');
  const check = (values: LinkifierFormValues) => {
    const content = contentOf(values, featureLevel);
    return checkLinkifier(content.pattern, content.url, syntax, content);
  };
  const { form, placeRefusal, refusalField } = useOpForm<LinkifierFormValues>({
    initialValues: initial,
    params: () => (linkifier ? svcOps.updateLinkifier.params : svcOps.addLinkifier.params),
    toParams: (values) => ({
      ...(linkifier ? { filter_id: linkifier.id } : {}),
      ...contentParams(contentOf(values, featureLevel), featureLevel, linkifier !== null),
    }),
    fields: LINKIFIER_PARAM_FIELDS,
    // The form's own words for the same checks the schema makes; they win where both speak.
    validate: (values) => fieldErrors(check(values).issues, syntax),
  });
  useExampleInSandbox(form.values.exampleInput, sampleText, onSampleTextChange);

  // Checked on every change, not per field: the pattern's groups and the URL's variables must agree, and the
  // submit button must know before it is pressed.
  const checked = check(form.values);
  const valid = checked.issues.length === 0;
  const content = contentOf(form.values, featureLevel);
  const unchanged = linkifier !== null && sameContent(content, contentOf(initial, featureLevel));
  const draftRules = useDraftRules(linkifiers, linkifier, valid ? content : null, syntax === 'template');
  const draftId = linkifier?.id ?? DRAFT_ID;
  const nameOf = useCallback(
    (rule: LinkifierRule, position: number) =>
      rule.id === draftId ? `this linkifier (${position + 1})` : `linkifier ${position + 1}`,
    [draftId],
  );

  const save = useSaveLinkifier(linkifier, featureLevel, onDone);
  const submit = form.onSubmit((values) => save.send(contentOf(values, featureLevel), placeRefusal));
  const { mutation } = save;
  const refusalOnField =
    mutation.error instanceof ApiError && refusalField(mutation.error, refusedField(mutation.error.envelope)) !== null;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <DialogForm
        onFormSubmit={submit}
        onCancel={onDone}
        submitLabel={linkifier ? 'Save linkifier' : 'Add linkifier'}
        pending={mutation.isPending}
        disabled={unchanged}
        disabledReason={valid ? null : `${linkifier ? 'Saving' : 'Adding'} is possible once every field is valid.`}
        error={refusalOnField ? null : mutation.error}
      >
        <LinkifierFields form={form} check={checked} syntax={syntax} featureLevel={featureLevel} />
      </DialogForm>
      <LinkifierSandbox
        title="Try it"
        order={4}
        rules={draftRules}
        nameOf={nameOf}
        text={sampleText}
        onTextChange={onSampleTextChange}
        reverseGate={levelGateReason(featureLevel, LINKIFIER_LEVELS.reverse)}
      />
    </SimpleGrid>
  );
}

/**
 * Adding or saving: the toast says what the server took; a refusal about one field goes on that field, in the
 * server's words, and the values stay as typed.
 */
function useSaveLinkifier(linkifier: Linkifier | null, featureLevel: number, onDone: () => void) {
  const add = useAddLinkifier(featureLevel);
  const update = useUpdateLinkifier(featureLevel);
  const send = (content: LinkifierContent, placeRefusal: (error: unknown, field?: string | null) => boolean) => {
    const done = () => {
      notify(
        'success',
        linkifier ? `edit-linkifier-${linkifier.id}` : 'add-linkifier',
        linkifier ? 'Linkifier saved' : 'Linkifier added',
        linkifier ? `“${content.pattern}” was saved.` : `“${content.pattern}” now links to ${content.url}.`,
      );
      onDone();
    };
    const onError = (error: unknown) => {
      if (error instanceof ApiError) placeRefusal(error, refusedField(error.envelope));
    };
    if (linkifier) update.mutate({ id: linkifier.id, ...content }, { onSuccess: done, onError });
    else add.mutate(content, { onSuccess: done, onError });
  };
  return { mutation: linkifier ? update : add, send };
}

/** The draft takes its place in the order (last when new), so the sandbox shows what saving would do. */
function useDraftRules(
  linkifiers: readonly Linkifier[],
  linkifier: Linkifier | null,
  draft: (LinkifierContent & LinkifierExtras) | null,
  template: boolean,
): LinkifierRule[] {
  const key = JSON.stringify(draft);
  return useMemo(() => {
    const others = linkifiers.map(toRule);
    const content = JSON.parse(key) as (LinkifierContent & LinkifierExtras) | null;
    if (!content) return others.filter((rule) => rule.id !== linkifier?.id);
    const rule: LinkifierRule = {
      id: linkifier?.id ?? DRAFT_ID,
      pattern: content.pattern,
      urlTemplate: template ? content.url : formatStringToTemplate(content.url),
      reverseTemplate: content.reverseTemplate || null,
      alternativeUrlTemplates: content.alternativeUrlTemplates ?? [],
    };
    return linkifier ? others.map((r) => (r.id === linkifier.id ? rule : r)) : [...others, rule];
  }, [linkifiers, linkifier, key, template]);
}
