import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { urlSyntaxFor } from '../../../shared/svc/linkifiers';
import { linkifiersRootKey } from './get-linkifiers';

export interface LinkifierContent {
  pattern: string;
  /** An RFC 6570 template, or a `%(name)s` format string on servers before level 176. */
  url: string;
}

/** The URL travels as `url_template`, or as `url_format_string` to a server older than level 176. */
export function contentParams({ pattern, url }: LinkifierContent, featureLevel: number) {
  return urlSyntaxFor(featureLevel) === 'template'
    ? { pattern, url_template: url }
    : { pattern, url_format_string: url };
}

export function useAddLinkifier(featureLevel: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: LinkifierContent) => svc(svcOps.addLinkifier, contentParams(content, featureLevel)),
    onSuccess: () => client.invalidateQueries({ queryKey: linkifiersRootKey }),
  });
}
