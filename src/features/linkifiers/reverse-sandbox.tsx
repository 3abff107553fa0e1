import { Code, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { linkify, reverseLinkify, type LinkifierRule } from '../../shared/svc/linkifiers';

interface Props {
  rules: readonly LinkifierRule[];
  nameOf: (rule: LinkifierRule, position: number) => string;
  /** Why the server cannot do this (too old); null when it can. */
  gate: string | null;
}

/**
 * The other direction: a link pasted into a message becomes the text of the linkifier whose URL template (or one
 * of its alternative URL templates) made it, written by its reverse template. The text is then linked again, so
 * the round trip is visible.
 */
export function ReverseSandbox({ rules, nameOf, gate }: Props) {
  const [url, setUrl] = useState('');
  const deferred = useDeferredValue(url);
  const reversible = rules.some((rule) => rule.reverseTemplate);
  const result = useMemo(() => (gate ? null : reverseLinkify(deferred, rules)), [deferred, rules, gate]);
  const back = useMemo(() => (result ? linkify(result.text, rules).links[0] : undefined), [result, rules]);
  const rule = result ? rules[result.precedence] : undefined;
  return (
    <Stack gap="xs">
      <TextInput
        label="Pasted link"
        description={gate ?? 'Paste an address to see the text a reverse template turns it into.'}
        disabled={gate !== null}
        placeholder="https://tracker.example/42"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        spellCheck={false}
        autoComplete="off"
      />
      {gate || deferred.trim() === '' ? null : (
        <Paper withBorder p="sm" component="section" aria-label="Pasted link result">
          <Text size="sm" role="status" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
            {!reversible ? (
              'No linkifier has a reverse template, so a pasted link stays a link.'
            ) : !result || !rule ? (
              'No linkifier turns this link back into text: none of their URL templates makes it.'
            ) : (
              <>
                Becomes <Code>{result.text}</Code>, by {nameOf(rule, result.precedence)} (
                {result.via === 0 ? 'its URL template' : `its alternative URL template ${result.via}`}).
              </>
            )}
          </Text>
          {result && back ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              That text links to {back.url}
              {back.url === deferred.trim() ? ', the address pasted.' : '.'}
            </Text>
          ) : result ? (
            <Text size="sm" c="orange">
              That text is not linked again: no linkifier&apos;s pattern matches it where it stands.
            </Text>
          ) : null}
        </Paper>
      )}
    </Stack>
  );
}
