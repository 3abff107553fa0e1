import {
  Button,
  Group,
  Image,
  Select,
  Stack,
  Text,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { StatusFormValues } from '../status-fields';
import { COMMON_EMOJI, glyphOf, STATUS_PRESETS } from './common-emoji';
import { useCustomEmojiUrl, useStatusCustomEmoji } from './custom-emoji-query';

/**
 * Presets and a searchable emoji choice for the status form (its own chunk: loaded with the form, not with
 * the console). Choosing fills the form's emoji name, code and type exactly as the server names them, so the
 * request needs no lookup and the server's name check passes.
 */

interface Choice {
  value: string;
  name: string;
  code: string;
  type: 'unicode_emoji' | 'realm_emoji';
  /** What a search matches: the name with spaces for underscores, and extra words. */
  words: string;
  face: ReactNode;
}

const valueOf = (type: string, code: string, name: string) => `${type}|${code}|${name}`;

const unicodeChoices: Choice[] = COMMON_EMOJI.map((e) => ({
  value: valueOf('unicode_emoji', e.code, e.name),
  name: e.name,
  code: e.code,
  type: 'unicode_emoji',
  words: `${e.name.replaceAll('_', ' ')} ${e.keywords}`.toLowerCase(),
  face: <span aria-hidden>{glyphOf(e.code)}</span>,
}));

const byName = new Map(COMMON_EMOJI.map((e) => [e.name, e]));

/** The custom emoji and the common ones, by value, and the Select's groups of them. */
function useEmojiChoices() {
  const custom = useStatusCustomEmoji();
  const urlOf = useCustomEmojiUrl();
  const customChoices: Choice[] = (custom.data ?? []).map((e) => ({
    value: valueOf('realm_emoji', e.id, e.name),
    name: e.name,
    code: e.id,
    type: 'realm_emoji',
    words: `${e.name.replaceAll('_', ' ')} custom`.toLowerCase(),
    face: <Image src={urlOf(e)} alt="" w={18} h={18} fit="contain" />,
  }));
  const choices = new Map([...customChoices, ...unicodeChoices].map((c) => [c.value, c]));
  const groups = [
    ...(customChoices.length ? [{ group: 'Custom emoji', items: customChoices }] : []),
    ...['Status', 'Mood', 'Signs'].map((group) => ({
      group,
      items: unicodeChoices.filter((c) => byName.get(c.name)?.group === group),
    })),
  ].map((g) => ({ group: g.group, items: g.items.map((c) => ({ value: c.value, label: c.name })) }));
  return { choices, groups, customFailed: custom.isError };
}

/** A search matches a choice's words, with `_` as a space and `:` ignored (as typed in a message). */
function searchFilter(choices: Map<string, Choice>): OptionsFilter {
  return ({ options, search }) => {
    const words = search.trim().toLowerCase().replaceAll('_', ' ').replaceAll(':', '');
    if (!words) return options;
    const matches = (item: ComboboxItem) => choices.get(item.value)?.words.includes(words) ?? false;
    return options.flatMap((option): ComboboxParsedItem[] => {
      if ('group' in option) {
        const items = option.items.filter(matches);
        return items.length ? [{ ...option, items }] : [];
      }
      return matches(option) ? [option] : [];
    });
  };
}

function StatusPresets({ form }: { form: UseFormReturnType<StatusFormValues> }) {
  return (
    <div>
      <Text size="sm" fw={500} id="status-presets-label">
        Common statuses
      </Text>
      <Group gap={6} mt={4} role="group" aria-labelledby="status-presets-label">
        {STATUS_PRESETS.map((preset) => {
          const emoji = byName.get(preset.emoji);
          return (
            <Button
              key={preset.text}
              size="compact-sm"
              variant="default"
              leftSection={emoji ? <span aria-hidden>{glyphOf(emoji.code)}</span> : null}
              onClick={() =>
                form.setValues({
                  status_text: preset.text,
                  emoji_name: preset.emoji,
                  emoji_code: emoji?.code ?? '',
                  reaction_type: emoji ? 'unicode_emoji' : '',
                })
              }
            >
              {preset.text}
            </Button>
          );
        })}
      </Group>
    </div>
  );
}

export default function StatusEmojiPicker({ form }: { form: UseFormReturnType<StatusFormValues> }) {
  const { choices, groups, customFailed } = useEmojiChoices();
  const { emoji_name: name, emoji_code: code, reaction_type: type } = form.values;
  const selectedValue = [...choices.values()].find(
    (c) => c.name === name.trim() && (!code || c.code === code) && (!type || c.type === type),
  )?.value;

  const choose = (value: string | null) => {
    const choice = value ? choices.get(value) : undefined;
    form.setValues(
      choice
        ? { emoji_name: choice.name, emoji_code: choice.code, reaction_type: choice.type }
        : { emoji_name: '', emoji_code: '', reaction_type: '' },
    );
  };

  return (
    <Stack gap="xs">
      <StatusPresets form={form} />
      <Select
        label="Emoji"
        placeholder="Search emoji, e.g. meeting"
        description={customFailed ? 'Custom emoji could not be loaded; the others can be chosen.' : undefined}
        data={groups}
        value={selectedValue ?? null}
        onChange={choose}
        searchable
        clearable
        filter={searchFilter(choices)}
        limit={200}
        maxDropdownHeight={260}
        nothingFoundMessage="No emoji by that name here; type its exact name below."
        leftSection={selectedValue ? choices.get(selectedValue)?.face : null}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            {choices.get(option.value)?.face}
            <span>{option.label}</span>
          </Group>
        )}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
