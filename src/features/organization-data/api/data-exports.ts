import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { ExportType } from '../../../shared/svc/organization-data';

export const dataExportsRootKey = ['organization-data', 'exports'] as const;

/** Every export the server lists (deleted and failed ones included), oldest first. */
export function dataExportsQueryOptions() {
  return queryOptions({
    queryKey: [...dataExportsRootKey, 'list'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getRealmExports, {}, { signal })).exports,
  });
}

export function useDataExports() {
  return useQuery(dataExportsQueryOptions());
}

/** Who agreed that administrators may export their private data (level 295). */
export function useExportConsents(enabled: boolean) {
  return useQuery({
    queryKey: [...dataExportsRootKey, 'consents'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getRealmExportConsents, {}, { signal })).export_consents,
    enabled,
  });
}

/** `exportType` undefined: the server's default, a public export (servers before level 304 know no other). */
export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exportType: ExportType | undefined) =>
      svc(svcOps.exportRealm, exportType === undefined ? {} : { export_type: exportType }),
    onSuccess: () => client.invalidateQueries({ queryKey: dataExportsRootKey }),
  });
}

export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exportId: number) => svc(svcOps.deleteRealmExport, { export_id: exportId }),
    onSuccess: () => client.invalidateQueries({ queryKey: dataExportsRootKey }),
  });
}
