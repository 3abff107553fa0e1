import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { LINKIFIER_LEVELS, urlSyntaxFor } from '../../../shared/svc/linkifiers';
import { linkifiersRootKey } from './get-linkifiers';

export interface LinkifierContent {
  pattern: string;
  /** An RFC 6570 template, or a `%(name)s` format string on servers before level 176. */
  url: string;
  /** Level 471; empty: none. */
  exampleInput?: string;
  reverseTemplate?: string;
  /** Level 478. */
  alternativeUrlTemplates?: readonly string[];
}

/**
 * The URL travels as `url_template`, or as `url_format_string` to a server older than level 176. The fields of
 * levels 471 and 478 go only to servers that have them: on an edit always (an empty value clears them), on an
 * add only when given.
 */
export function contentParams(content: LinkifierContent, featureLevel: number, edit = false) {
  const { pattern, url, exampleInput = '', reverseTemplate = '', alternativeUrlTemplates = [] } = content;
  const reverse = featureLevel >= LINKIFIER_LEVELS.reverse;
  const alternatives = featureLevel >= LINKIFIER_LEVELS.alternativeUrls;
  return {
    pattern,
    ...(urlSyntaxFor(featureLevel) === 'template' ? { url_template: url } : { url_format_string: url }),
    ...(reverse && (edit || exampleInput !== '') ? { example_input: exampleInput } : {}),
    ...(reverse && (edit || reverseTemplate !== '') ? { reverse_template: reverseTemplate } : {}),
    ...(alternatives && (edit || alternativeUrlTemplates.length > 0)
      ? { alternative_url_templates: [...alternativeUrlTemplates] }
      : {}),
  };
}

export function useAddLinkifier(featureLevel: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: LinkifierContent) => svc(svcOps.addLinkifier, contentParams(content, featureLevel)),
    onSuccess: () => client.invalidateQueries({ queryKey: linkifiersRootKey }),
  });
}
