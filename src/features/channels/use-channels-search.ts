import { useSearchParams } from 'react-router';
import { useSearchParamsWriter } from '../../client/use-search-params-writer';
import { isChannelKindFilter, type ChannelKindFilter } from './filter-channels';

export const CHANNEL_TABS = ['overview', 'settings', 'subscribers', 'topics', 'mine'] as const;
export type ChannelTab = (typeof CHANNEL_TABS)[number];

function parseId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The Channels page's state lives in the URL (`?q=&kind=&channel=&tab=`), so a view can be shared.
 * Defaults (`active`, `overview`) are written as absent parameters.
 */
export function useChannelsSearch() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const rawKind = params.get('kind');
  const kind: ChannelKindFilter = isChannelKindFilter(rawKind) ? rawKind : 'active';
  const selectedId = parseId(params.get('channel'));
  const rawTab = params.get('tab');
  const tab: ChannelTab = (CHANNEL_TABS as readonly string[]).includes(rawTab ?? '')
    ? (rawTab as ChannelTab)
    : 'overview';

  const update = useSearchParamsWriter();

  return {
    q,
    kind,
    selectedId,
    tab,
    // Typing must not fill the history with one entry per keystroke.
    setQuery: (value: string) => update({ q: value }, true),
    setKind: (value: ChannelKindFilter) => update({ kind: value === 'active' ? null : value }),
    select: (id: number | null, nextTab: ChannelTab = 'overview') =>
      update({ channel: id === null ? null : String(id), tab: id === null || nextTab === 'overview' ? null : nextTab }),
    setTab: (value: ChannelTab) => update({ tab: value === 'overview' ? null : value }, true),
  };
}
