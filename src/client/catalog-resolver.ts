import { schemaResolver, type FormErrors } from '@mantine/form';
import { humanServerMessage } from '../shared/labels';

/**
 * A synchronous Mantine form resolver for a catalog schema, built on its first check rather than when the
 * form's module loads: reading `op.params` builds the schema (see src/shared/svc/op.ts), which a page that
 * never opens the form should not pay for. The catalog's messages copy the server's, which name parameters
 * by their API name (`status_text is too long`); under a field they read in the form's words.
 */
export function catalogResolver(schema: () => Parameters<typeof schemaResolver>[0]): (values: unknown) => FormErrors {
  let resolver: ((values: unknown) => FormErrors) | undefined;
  return (values) => {
    const errors = (resolver ??= schemaResolver(schema(), { sync: true }))(values);
    return Object.fromEntries(
      Object.entries(errors).map(([field, error]) => [
        field,
        typeof error === 'string' ? (humanServerMessage(error) ?? error) : error,
      ]),
    );
  };
}
