import { useSearchParams } from 'react-router';
import { useSearchParamsWriter } from '../../client/use-search-params-writer';
import { TLS_MODES } from '../../shared/proxy';
import { isStatusFilter, type StatusFilter } from './filter-routes';

/**
 * The Proxy routes page's state lives in the URL (`?q=&status=&tls=&route=`), so a view can be shared.
 * Defaults are written as absent parameters.
 */
export function useProxySearch() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status: StatusFilter = isStatusFilter(rawStatus) ? rawStatus : 'all';
  const rawTls = params.get('tls');
  const tls = rawTls !== null && (TLS_MODES as readonly string[]).includes(rawTls) ? rawTls : null;
  const selectedId = params.get('route') || null;

  const update = useSearchParamsWriter();

  return {
    q,
    status,
    tls,
    selectedId,
    // Typing must not fill the history with one entry per keystroke.
    setQuery: (value: string) => update({ q: value }, true),
    setStatus: (value: StatusFilter) => update({ status: value === 'all' ? null : value }),
    setTls: (value: string | null) => update({ tls: value }),
    select: (id: string | null) => update({ route: id }),
  };
}
