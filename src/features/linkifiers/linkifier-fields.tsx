import { Code, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import {
  LINKIFIER_LEVELS,
  type LinkifierCheck,
  type LinkifierField,
  type UrlSyntax,
} from '../../shared/svc/linkifiers';
import { fieldErrors } from './form-messages';
import { levelGateReason } from './permissions';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
const TEXT_INPUT = { styles: MONOSPACE, spellCheck: false, autoComplete: 'off' } as const;

export type LinkifierFormValues = Record<LinkifierField, string>;

const RELATED: Partial<Record<LinkifierField, readonly LinkifierField[]>> = {
  exampleInput: ['exampleInput', 'reverseTemplate', 'pattern'],
  reverseTemplate: ['reverseTemplate', 'exampleInput', 'pattern'],
};

interface Props {
  form: UseFormReturnType<LinkifierFormValues>;
  check: LinkifierCheck;
  syntax: UrlSyntax;
  featureLevel: number;
}

/**
 * The linkifier's fields. A field's message shows once its value (or one it is checked against) was changed, or
 * after a submit attempt, so an empty form opens without complaints. The fields of levels 471 and 478 stay visible on older servers, disabled,
 * with the level they need.
 */
export function LinkifierFields({ form, check, syntax, featureLevel }: Props) {
  const template = syntax === 'template';
  const errors = fieldErrors(check.issues, syntax);
  // The example and the reverse template are checked against each other and the pattern: a change to any of
  // the three may be what made one of them wrong.
  const touched = (field: LinkifierField) => (RELATED[field] ?? [field]).some((f) => form.isDirty(f));
  const shown = (field: LinkifierField) => (touched(field) ? errors[field] : null) ?? form.errors[field];
  const groups = check.groups;
  return (
    <>
      <TextInput
        label="Pattern"
        description={
          <>
            A regular expression (re2 syntax). Name each part the URL needs: <Code>(?P&lt;id&gt;[0-9]+)</Code>.
            {groups.length > 0 ? <> Named groups: {groups.join(', ')}.</> : null}
          </>
        }
        placeholder="#(?P<id>[0-9]+)"
        data-autofocus
        {...TEXT_INPUT}
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
        {...TEXT_INPUT}
        {...form.getInputProps('url')}
        error={shown('url')}
      />
      <ReverseFields form={form} shown={shown} featureLevel={featureLevel} />
    </>
  );
}

function ReverseFields({
  form,
  shown,
  featureLevel,
}: Pick<Props, 'form' | 'featureLevel'> & { shown: (field: LinkifierField) => ReactNode }) {
  const reverseGate = levelGateReason(featureLevel, LINKIFIER_LEVELS.reverse);
  const alternativesGate = levelGateReason(featureLevel, LINKIFIER_LEVELS.alternativeUrls);
  return (
    <>
      <TextInput
        label="Example input"
        description={reverseGate ?? 'Text the pattern matches, e.g. #2468. The server checks the pattern against it.'}
        disabled={reverseGate !== null}
        placeholder="#2468"
        {...TEXT_INPUT}
        {...form.getInputProps('exampleInput')}
        error={shown('exampleInput')}
      />
      <TextInput
        label="Reverse template"
        description={
          reverseGate ?? (
            <>
              Turns a pasted link back into the pattern&apos;s text: <Code>#{'{id}'}</Code> writes the group
              &ldquo;id&rdquo;; <Code>{'{{'}</Code> and <Code>{'}}'}</Code> write literal braces. Needs an example
              input.
            </>
          )
        }
        disabled={reverseGate !== null}
        placeholder="#{id}"
        {...TEXT_INPUT}
        {...form.getInputProps('reverseTemplate')}
        error={shown('reverseTemplate')}
      />
      <Textarea
        label="Alternative URLs"
        description={
          alternativesGate ??
          'RFC 6570 URL templates, one per line: other addresses of the same item (a mirror, an old domain). Only the reverse template reads them; links are always made with the URL template.'
        }
        disabled={alternativesGate !== null}
        autosize
        minRows={2}
        maxRows={6}
        placeholder="https://old-tracker.example/ticket/{id}"
        {...TEXT_INPUT}
        {...form.getInputProps('alternativeUrlTemplates')}
        error={shown('alternativeUrlTemplates')}
      />
    </>
  );
}
