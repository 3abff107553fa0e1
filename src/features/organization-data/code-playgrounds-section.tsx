import { Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { useFeature } from '../../client/use-role';
import { CardTable } from '../../components/card-table/card-table';
import { LoadError } from '../../components/load-error';
import { ConfirmAction } from '../../components/confirm-action';
import { ServerError } from '../../components/server-error';
import { expandUrlTemplate } from '../../shared/svc/linkifiers/template';
import {
  playgroundNameSchema,
  playgroundTemplateProblem,
  pygmentsLanguageSchema,
  type RealmPlayground,
} from '../../shared/svc/organization-data';
import { useAddPlayground, usePlaygrounds, useRemovePlayground, type NewPlayground } from './api/code-playgrounds';

const SAMPLE_CODE = 'print("Hello")';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/** Each field's problem, by the same rules the BFF checks again. */
export function playgroundProblems(input: NewPlayground): Partial<Record<keyof NewPlayground, string>> {
  const problems: Partial<Record<keyof NewPlayground, string>> = {};
  const name = firstIssue(playgroundNameSchema.safeParse(input.name));
  const language = firstIssue(pygmentsLanguageSchema.safeParse(input.pygments_language));
  const template = playgroundTemplateProblem(input.url_template);
  if (name) problems.name = name;
  if (language) problems.pygments_language = language;
  if (template) problems.url_template = template;
  return problems;
}

const templateOf = (p: RealmPlayground) =>
  p.url_template ?? (p.url_prefix !== undefined ? `${p.url_prefix}{code}` : '');

/** Where a code block would open, for the preview under the form. */
function samplePreview(template: string): string | null {
  if (playgroundTemplateProblem(template)) return null;
  try {
    return expandUrlTemplate(template.trim(), { code: SAMPLE_CODE });
  } catch {
    return null;
  }
}

/** The organization's code playgrounds: listed, added, removed. */
export function CodePlaygroundsSection() {
  const playgrounds = usePlaygrounds();
  const [removing, setRemoving] = useState<RealmPlayground | null>(null);
  const list = [...(playgrounds.data ?? [])].sort(
    (a, b) => a.pygments_language.localeCompare(b.pygments_language) || a.name.localeCompare(b.name),
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="code-playgrounds-title">
      <Title order={3} id="code-playgrounds-title">
        Code playgrounds
      </Title>
      <Text size="sm" maw="48rem">
        A code block in a message gets a link that opens its code in a playground for its language. The language is the
        name of the Pygments lexer (e.g. Python, Rust, JavaScript); several playgrounds may serve one language.
      </Text>
      <Paper withBorder p="md" radius="md">
        <Title order={4} size="h5" mb="sm">
          Add a playground
        </Title>
        <AddPlaygroundForm />
      </Paper>
      {playgrounds.isPending ? (
        <Text size="sm">Loading playgrounds…</Text>
      ) : playgrounds.isError ? (
        <LoadError
          title="Code playgrounds could not be loaded"
          error={playgrounds.error}
          onRetry={() => void playgrounds.refetch()}
        />
      ) : playgrounds.data === null ? (
        <Text size="sm">The chat server did not say which playgrounds it has.</Text>
      ) : list.length === 0 ? (
        <Text size="sm">No code playgrounds.</Text>
      ) : (
        <CardTable
          label="Code playgrounds"
          rows={list}
          getRowId={(p) => p.id}
          columns={[
            { id: 'name', header: 'Name', primary: true, cell: (p) => p.name },
            { id: 'language', header: 'Language', cell: (p) => p.pygments_language },
            {
              id: 'template',
              header: 'URL template',
              cell: (p) => <Code style={{ overflowWrap: 'anywhere' }}>{templateOf(p)}</Code>,
            },
            {
              id: 'actions',
              header: 'Actions',
              actions: true,
              cell: (p) => (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => setRemoving(p)}
                  aria-label={`Remove ${p.name}`}
                >
                  Remove
                </Button>
              ),
            },
          ]}
        />
      )}
      {removing ? <RemovePlaygroundModal playground={removing} onClose={() => setRemoving(null)} /> : null}
    </Stack>
  );
}

const EMPTY: NewPlayground = { name: '', pygments_language: '', url_template: '' };

function AddPlaygroundForm() {
  const gate = useFeature('playgroundUrlTemplate');
  const add = useAddPlayground();
  const [values, setValues] = useState<NewPlayground>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof NewPlayground, string>>>({});
  const set = (key: keyof NewPlayground) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  const preview = samplePreview(values.url_template);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = playgroundProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = {
      name: values.name.trim(),
      pygments_language: values.pygments_language.trim(),
      url_template: values.url_template.trim(),
    };
    add.mutate(input, {
      onSuccess: () => {
        notify(
          'success',
          'playground-added',
          'Playground added',
          `${input.name} opens ${input.pygments_language} code.`,
        );
        setValues(EMPTY);
      },
    });
  };

  if (!gate.enabled) {
    return (
      <Text size="sm" role="note">
        Adding playgrounds: {gate.reason}
      </Text>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Add code playground" noValidate>
      <Stack gap="sm">
        <Group align="flex-start" grow>
          <TextInput label="Name" value={values.name} onChange={set('name')} error={problems.name} />
          <TextInput
            label="Pygments language"
            description="The lexer's name, e.g. Python."
            value={values.pygments_language}
            onChange={set('pygments_language')}
            error={problems.pygments_language}
          />
        </Group>
        <TextInput
          label="URL template"
          description="A web address with {code} where the code goes (RFC 6570), e.g. https://play.example.com/?code={code}"
          value={values.url_template}
          onChange={set('url_template')}
          error={problems.url_template}
        />
        {preview ? (
          <Text size="xs" c="dimmed" aria-label="Example link">
            {SAMPLE_CODE} would open <Code>{preview}</Code>
          </Text>
        ) : null}
        <ServerError error={add.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Add playground
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RemovePlaygroundModal({ playground, onClose }: { playground: RealmPlayground; onClose: () => void }) {
  const remove = useRemovePlayground();
  const confirm = () =>
    remove.mutate(playground.id, {
      onSuccess: () => {
        notify('success', `playground-${playground.id}`, 'Playground removed', `${playground.name} is removed.`);
        onClose();
      },
    });
  return (
    <ConfirmAction
      opened
      onClose={onClose}
      title="Remove playground?"
      confirmLabel="Remove playground"
      onConfirm={confirm}
      pending={remove.isPending}
      error={remove.error}
    >
      <Text size="sm">
        Code blocks in {playground.pygments_language} no longer offer to open in <b>{playground.name}</b>. Messages are
        not changed.
      </Text>
    </ConfirmAction>
  );
}
