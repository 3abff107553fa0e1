import { Divider, Stack, Title } from '@mantine/core';
import { useRole } from '../../client/use-role';
import { RoleRefusal } from '../../components/role-refusal';
import { CodePlaygroundsSection } from './code-playgrounds-section';
import { DataExportsSection } from './data-exports-section';

/** Organization data: exports of the organization's data, and the code playgrounds messages link to. */
export function OrganizationDataPage() {
  const { isAdmin } = useRole();
  if (!isAdmin) {
    return (
      <RoleRefusal title="Organization data" reason="For administrators only">
        The chat server lets only organization administrators export data and manage code playgrounds.
      </RoleRefusal>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={2}>Organization data</Title>
      <DataExportsSection />
      <Divider />
      <CodePlaygroundsSection />
    </Stack>
  );
}
