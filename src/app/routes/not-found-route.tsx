import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HOME_PATH, pages } from '../../shared/app-paths';

export function NotFoundRoute() {
  return (
    <Stack align="flex-start">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">There is no console page at this address.</Text>
      <Button component={Link} to={HOME_PATH}>
        Go to {pages.users.title.toLowerCase()}
      </Button>
    </Stack>
  );
}
