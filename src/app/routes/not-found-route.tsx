import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <Stack align="flex-start">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">There is no console page at this address.</Text>
      <Button component={Link} to="/users">
        Go to users
      </Button>
    </Stack>
  );
}
