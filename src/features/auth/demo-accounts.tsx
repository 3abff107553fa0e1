import { Badge, Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { roleLabel } from '../../shared/svc/roles';

/** Demo mode only: the seeded accounts, so a first-time visitor can sign in at once. */
export function DemoAccounts({
  accounts,
  password,
}: {
  accounts: readonly { email: string; role: number; fullName: string }[];
  password: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="demo-heading">
      <Stack gap="xs">
        <Title order={2} size="h5" id="demo-heading">
          Demo accounts
        </Title>
        <Text size="xs" c="dimmed">
          This console runs on the embedded demo organization. Every account uses the password <Code>{password}</Code>.
        </Text>
        <Table fz="xs" verticalSpacing={4}>
          <Table.Tbody>
            {accounts.map((a) => (
              <Table.Tr key={a.email}>
                <Table.Td>
                  <Code>{a.email}</Code>
                </Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="light">
                    {roleLabel(a.role)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
