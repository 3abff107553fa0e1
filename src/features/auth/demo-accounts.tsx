import { Badge, Code, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './demo-accounts.module.css';
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
        {/* A plain table: Mantine's Table brings ScrollArea (and its positioning code) into the sign-in route. */}
        <table className={classes.table}>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.email}>
                <td>
                  <Code>{a.email}</Code>
                </td>
                <td>
                  <Badge size="xs" variant="light">
                    {roleLabel(a.role)}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Stack>
    </Paper>
  );
}
