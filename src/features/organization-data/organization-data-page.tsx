import { Divider, Stack, Title } from '@mantine/core';
import { useRole } from '../../client/use-role';
import { RoleRefusal } from '../../components/role-refusal';
import { CodePlaygroundsSection } from './code-playgrounds-section';
import { DataExportsSection } from './data-exports-section';

/** The organization's data exports, and the code playgrounds messages link to. */

/** The page's one name, as the navigation names it. */
const TITLE = 'Data exports & playgrounds';
export function OrganizationDataPage() {
  const { isAdmin } = useRole();
  if (!isAdmin) {
    return (
      <RoleRefusal title={TITLE} reason="For administrators only">
        The chat server lets only organization administrators export data and manage code playgrounds.
      </RoleRefusal>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      <DataExportsSection />
      <Divider />
      <CodePlaygroundsSection />
    </Stack>
  );
}
