import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { channelsRootKey } from './get-channels';

/** The server's rendering of some Markdown (its own dialect, so the preview is what people will see). */
export function renderPreviewQueryOptions(content: string) {
  return queryOptions({
    queryKey: [...channelsRootKey, 'render', content] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.renderMessage, { content }, { signal })).rendered,
    staleTime: Infinity,
  });
}

/** Nothing is asked for empty text; the last preview stays while the next one loads. */
export function useRenderPreview(content: string) {
  return useQuery({
    ...renderPreviewQueryOptions(content),
    enabled: content.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
