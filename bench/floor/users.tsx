// The users-page floor: the smallest React + Mantine page that loads the same users list the console's users
// page does (preloaded by its HTML, as the console's is by its Link header), parses it and shows its first rows in
// a Mantine table. Served by the BFF beside the console (run.ts copies it in), so the list comes with the session.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Table.css';
import { MantineProvider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FloorUsersTable, type Member } from './users-table';

const LIST = '/bff/svc/users?client_gravatar=true&include_custom_profile_fields=true';

function Users() {
  const [members, setMembers] = useState<Member[] | null>(null);
  useEffect(() => {
    void fetch(LIST, { credentials: 'same-origin' })
      .then((r) => r.text())
      .then((text) => setMembers((JSON.parse(text) as { members: Member[] }).members));
  }, []);
  return <FloorUsersTable members={members} />;
}

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <Users />
  </MantineProvider>,
);
