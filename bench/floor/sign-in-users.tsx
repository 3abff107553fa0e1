// The sign-in-to-users floor: the smallest React + Mantine page that signs in through the same BFF as the console
// (POST /bff/session, which exchanges the password for the key upstream), then loads the same users list and
// shows its first rows in a Mantine table. Against it, the console's own figure shows what its pages add on top
// of the BFF and the chat server. Served by the BFF beside the console (run.ts copies it in).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import { Button, MantineProvider, PasswordInput, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/shared/bff/constants';
import { FloorUsersTable, type Member } from './users-table';

const LIST = '/bff/svc/users?client_gravatar=true&include_custom_profile_fields=true';

async function signInAndList(email: string, password: string): Promise<Member[]> {
  const session = await fetch('/bff/session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
    body: JSON.stringify({ email, password }),
  });
  if (!session.ok) throw new Error(`sign-in ${session.status}`);
  const list = await fetch(LIST, { credentials: 'same-origin' });
  return (JSON.parse(await list.text()) as { members: Member[] }).members;
}

function SignInThenUsers() {
  const [members, setMembers] = useState<Member[] | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void signInAndList(String(form.get('email')), String(form.get('password'))).then(setMembers);
  };
  if (!members) {
    return (
      <form onSubmit={submit}>
        <TextInput name="email" label="Email" type="email" autoComplete="username" />
        <PasswordInput name="password" label="Password" autoComplete="current-password" />
        <Button type="submit">Sign in</Button>
      </form>
    );
  }
  return <FloorUsersTable members={members} />;
}

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <SignInThenUsers />
  </MantineProvider>,
);
