import { Anchor, Code, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useDeferredValue, useId, useMemo } from 'react';
import { linkify, type LinkMatch, type LinkifierRule, type LinkifyResult } from '../../shared/svc/linkifiers';
import { ReverseSandbox } from './reverse-sandbox';

export const SANDBOX_PLACEHOLDER = 'Fixed in #42, see CVE-2024-12345 and zulip/zulip#2468';

/** Only web and mail links are made clickable here; anything else is shown, not followed. */
function isWebUrl(url: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(url);
}

interface Props {
  /** The linkifiers to apply, in order. */
  rules: readonly LinkifierRule[];
  /** How to name a linkifier in the results, e.g. `linkifier 2` (its pattern is shown beside it). */
  nameOf: (rule: LinkifierRule, position: number) => string;
  text: string;
  onTextChange: (text: string) => void;
  /** Heading level and text of the panel. */
  title?: string;
  order?: 3 | 4;
  /** Why the server cannot turn pasted links back into text (older than level 471); null when it can. */
  reverseGate: string | null;
}

/**
 * Paste sample text (or a topic name) and see what the server would do with it: which spans become
 * links, to which URLs, and which linkifier wins where patterns overlap; paste a link and see the text it
 * turns back into.
 */
export function LinkifierSandbox(props: Props) {
  const { rules, nameOf, reverseGate } = props;
  return (
    <Stack gap="lg">
      <ForwardSandbox {...props} />
      <ReverseSandbox rules={rules} nameOf={nameOf} gate={reverseGate} />
    </Stack>
  );
}

/** The forward half: sample text in, the preview, the table of matches and the overlaps out. */
function ForwardSandbox({ rules, nameOf, text, onTextChange, title = 'Sandbox', order = 3 }: Props) {
  const headingId = useId();
  // Large pastes re-link at lower priority, so typing stays smooth.
  const deferredText = useDeferredValue(text);
  const result = useMemo(() => linkify(deferredText, rules), [deferredText, rules]);
  const byId = useMemo(
    () => new Map(rules.map((rule, position) => [rule.id, { rule, name: nameOf(rule, position) }] as const)),
    [rules, nameOf],
  );
  const name = (match: LinkMatch) => byId.get(match.linkifierId)?.name ?? `linkifier ${match.linkifierId}`;
  const patternOf = (match: LinkMatch) => byId.get(match.linkifierId)?.rule.pattern;
  const count = result.links.length;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={order} id={headingId}>
        {title}
      </Title>
      <Textarea
        label="Sample text"
        description="Paste message text or a topic name to see which parts become links."
        placeholder={SANDBOX_PLACEHOLDER}
        autosize
        minRows={3}
        maxRows={10}
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
      />
      {deferredText === '' ? null : (
        <>
          <Text size="sm" role="status" aria-live="polite">
            {count === 0 ? 'No linkifier matches this text.' : count === 1 ? '1 link' : `${count} links`}
          </Text>
          <SandboxPreview segments={result.segments} name={name} />
          {count > 0 ? <MatchesTable links={result.links} name={name} patternOf={patternOf} /> : null}
          {result.overridden.length > 0 ? <Overlaps overridden={result.overridden} name={name} /> : null}
        </>
      )}
    </Stack>
  );
}

/** The sample text as the server would render it: web links clickable, other links marked and not followed. */
function SandboxPreview({
  segments,
  name,
}: {
  segments: LinkifyResult['segments'];
  name: (match: LinkMatch) => string;
}) {
  return (
    <Paper withBorder p="sm" component="section" aria-label="Preview">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {segments.map((segment, index) =>
          !segment.link ? (
            <span key={index}>{segment.text}</span>
          ) : isWebUrl(segment.link.url) ? (
            <Anchor
              key={index}
              href={segment.link.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              title={`${segment.link.url} (${name(segment.link)})`}
            >
              {segment.text}
            </Anchor>
          ) : (
            <Text span key={index} td="underline" c="orange" title={`Not a web link: ${segment.link.url}`}>
              {segment.text}
            </Text>
          ),
        )}
      </Text>
    </Paper>
  );
}

/** One row per link made: the text, where it links, and which linkifier (with its pattern) made it. */
function MatchesTable({
  links,
  name,
  patternOf,
}: {
  links: LinkifyResult['links'];
  name: (match: LinkMatch) => string;
  patternOf: (match: LinkMatch) => string | undefined;
}) {
  return (
    <Table aria-label="Matches" verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Text</Table.Th>
          <Table.Th>Links to</Table.Th>
          <Table.Th>Linkifier</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {links.map((link) => (
          <Table.Tr key={`${link.start}-${link.linkifierId}`}>
            <Table.Td>
              <Code>{link.text}</Code>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {link.url}
              {isWebUrl(link.url) ? null : (
                <Text span size="xs" c="orange">
                  {' '}
                  (not a web link)
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {name(link)} <Code>{patternOf(link)}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Matches that lost to an overlapping match of a linkifier earlier in the order, and which one won. */
function Overlaps({
  overridden,
  name,
}: {
  overridden: LinkifyResult['overridden'];
  name: (match: LinkMatch) => string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Overlaps
      </Text>
      <ul aria-label="Overlaps" style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {overridden.map(({ match, by }) => (
          <Text component="li" size="sm" key={`${match.start}-${match.linkifierId}`}>
            <Code>{match.text}</Code> also matches {name(match)}, but {name(by)} comes first and links{' '}
            <Code>{by.text}</Code>.
          </Text>
        ))}
      </ul>
    </Stack>
  );
}
