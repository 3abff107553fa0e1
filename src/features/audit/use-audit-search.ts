import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchParamsWriter } from '../../client/use-search-params-writer';
import {
  AUDIT_FILTER_KEYS,
  auditOutcomes,
  auditTargetTypes,
  type AuditFilter,
  type AuditFilterKey,
} from '../../shared/bff/audit';

function isTime(value: string | null): value is string {
  return value !== null && !Number.isNaN(Date.parse(value));
}

/** Reads the filter from URL parameters, dropping values the API would refuse. */
export function parseAuditFilter(params: URLSearchParams): AuditFilter {
  const text = (key: AuditFilterKey) => params.get(key)?.trim().slice(0, 200) || undefined;
  const targetType = params.get('targetType');
  const outcome = params.get('outcome');
  const from = params.get('from');
  const to = params.get('to');
  return {
    actor: text('actor'),
    operation: text('operation'),
    target: text('target'),
    targetType: (auditTargetTypes as readonly string[]).includes(targetType ?? '')
      ? (targetType as AuditFilter['targetType'])
      : undefined,
    outcome: (auditOutcomes as readonly string[]).includes(outcome ?? '')
      ? (outcome as AuditFilter['outcome'])
      : undefined,
    from: isTime(from) ? from : undefined,
    to: isTime(to) ? to : undefined,
  };
}

/**
 * The Audit page's filters and selected entry live in the URL (`?actor=&operation=&target=&targetType=
 * &outcome=&from=&to=&entry=`), so a view can be shared.
 */
export function useAuditSearch() {
  const [params] = useSearchParams();
  const filter = useMemo(() => parseAuditFilter(params), [params]);
  const entry = /^\d+$/.test(params.get('entry') ?? '') ? Number(params.get('entry')) : null;

  const update = useSearchParamsWriter();

  return {
    filter,
    entry,
    /** Typing must not fill the history with one entry per keystroke. */
    setText: (key: AuditFilterKey, value: string) => update({ [key]: value }, true),
    set: (key: AuditFilterKey, value: string | null) => update({ [key]: value }),
    select: (id: number | null) => update({ entry: id === null ? null : String(id) }),
    clear: () => update(Object.fromEntries(AUDIT_FILTER_KEYS.map((k) => [k, null]))),
  };
}
