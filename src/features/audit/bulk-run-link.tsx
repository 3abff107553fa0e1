import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { bulkRunPagePath } from '../../shared/bff/bulk';

/** The bulk run an entry belongs to (its params carry `bulk_run_id`); null for other entries. */
export function bulkRunIdOf(params: Record<string, unknown>): string | null {
  const id = params.bulk_run_id;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** A link to the entry's run on the Bulk runs page, where its other rows and its undo are. */
export function BulkRunLink({ params, children }: { params: Record<string, unknown>; children: string }) {
  const id = bulkRunIdOf(params);
  if (!id) return null;
  return (
    <Anchor component={Link} to={bulkRunPagePath(id)} size="sm">
      {children}
    </Anchor>
  );
}
