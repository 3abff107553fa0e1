import { schemaResolver, type FormErrors } from '@mantine/form';

/**
 * A synchronous Mantine form resolver for a catalog schema, built on its first check rather than when the
 * form's module loads: reading `op.params` builds the schema (see src/shared/svc/op.ts), which a page that
 * never opens the form should not pay for.
 */
export function catalogResolver(schema: () => Parameters<typeof schemaResolver>[0]): (values: unknown) => FormErrors {
  let resolver: ((values: unknown) => FormErrors) | undefined;
  return (values) => (resolver ??= schemaResolver(schema(), { sync: true }))(values);
}
