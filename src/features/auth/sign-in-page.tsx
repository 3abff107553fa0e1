import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '../../client/api-error';
import { signInRequest } from '../../client/session-requests';
import type { SessionInfo } from '../../shared/bff/protocol';
import { DemoAccounts } from './demo-accounts';

type Method = 'password' | 'apiKey';

interface SignInPageProps {
  /** The session as last read: undefined while the request runs, null when it could not be read. */
  session: SessionInfo | null | undefined;
  /**
   * Called with the new session after a successful sign-in. The page uses neither the router nor the query
   * cache, so that the sign-in entry (sign-in-main.tsx) can render it with neither; its callers do.
   */
  onSignedIn: (info: SessionInfo) => void;
}

export function SignInPage({ session, onSignedIn }: SignInPageProps) {
  // The form does not wait for the session answer: someone can start typing at once. Only a server that turns
  // password sign-in off changes it, and then before anyone could have typed much (hence the key).
  const passwordAllowed = session?.server?.passwordAuth ?? true;
  return (
    <Center mih="100vh" p="md">
      <Stack w="100%" maw={440} gap="md">
        {session === undefined ? (
          <Center mih={120}>
            <Loader size="sm" aria-label="Loading the server’s settings" />
          </Center>
        ) : (
          <ServerSummary info={session} />
        )}
        <SignInForm key={String(passwordAllowed)} passwordAllowed={passwordAllowed} onSignedIn={onSignedIn} />
        {session?.demo ? <DemoAccounts accounts={session.demo.accounts} password={session.demo.password} /> : null}
      </Stack>
    </Center>
  );
}

function ServerSummary({ info }: { info: SessionInfo | null }) {
  const server = info?.server;
  if (!server) {
    return (
      <Alert color="red" title="Chat server unreachable">
        {info?.serverError ?? 'The console could not read the chat server’s settings.'}
      </Alert>
    );
  }
  // Only what this form can do: the console signs in with a password or an API key. The server's other methods
  // (GitHub, SAML…) work in the chat app's own sign-in, not here, so they are named as that, not offered.
  const usable = server.passwordAuth ? 'your email and password, or your API key' : 'your API key';
  const external = server.externalAuthMethods.map((m) => m.displayName);
  return (
    <Stack gap="xs" align="center" ta="center">
      {server.realmIcon ? <Image src={server.realmIcon} alt="" w={56} h={56} radius="md" /> : null}
      <Title order={1} size="h2">
        {server.realmName}
      </Title>
      <Text c="dimmed" size="sm">
        Realm Console
      </Text>
      {server.realmDescription ? (
        <Text size="sm" className="realm-description">
          {plainText(server.realmDescription)}
        </Text>
      ) : null}
      <Group gap={6} justify="center">
        <Badge variant="light" color="gray">
          Server {server.version ?? 'version unknown'}
        </Badge>
        <Badge variant="light" color="gray">
          Feature level {server.featureLevel}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Sign in here with {usable}.
        {external.length > 0
          ? ` ${listOf(external)} sign-in works in the chat app only: if that is how you sign in, use the API key from your account settings in the chat app.`
          : null}
      </Text>
      {server.isIncompatible ? (
        <Alert color="orange" title="Incompatible server" ta="left">
          The chat server reports this client as incompatible. Some pages may not work.
        </Alert>
      ) : null}
    </Stack>
  );
}

/** "A", "A and B", "A, B and C". */
function listOf(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The organization's description as text. The sign-in page shows it without formatting so that it needs
 * no HTML sanitizer (which would weigh on the first page everyone loads); a parsed document is inert.
 */
function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

interface Fields {
  email: string;
  secret: string;
}

/**
 * The form's state: method, fields, their messages and the request. Two fields: plain state instead of a form
 * library keeps the first page small.
 */
function useSignInForm(passwordAllowed: boolean, onSignedIn: (info: SessionInfo) => void) {
  const [method, setMethod] = useState<Method>(passwordAllowed ? 'password' : 'apiKey');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [values, setValues] = useState<Fields>({ email: '', secret: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const field = (name: keyof Fields) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((x) => ({ ...x, [name]: undefined }));
    },
  });
  const chooseMethod = (next: Method) => {
    setMethod(next);
    setValues((v) => ({ ...v, secret: '' }));
    setErrors((x) => ({ ...x, secret: undefined }));
    setRefusal(null);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = values.email.trim();
    const found: Partial<Record<keyof Fields, string>> = {
      email: email ? undefined : 'Enter your email address.',
      secret: values.secret ? undefined : method === 'password' ? 'Enter your password.' : 'Enter your API key.',
    };
    setErrors(found);
    if (found.email || found.secret) return;
    const body = method === 'password' ? { email, password: values.secret } : { email, apiKey: values.secret.trim() };
    setSending(true);
    setRefusal(null);
    signInRequest(body).then(onSignedIn, (error: unknown) => {
      // What was typed stays; the server's reason is shown as it gave it.
      setSending(false);
      setRefusal(error);
    });
  };
  return { method, chooseMethod, field, submit, sending, refusal };
}

function SignInForm({
  passwordAllowed,
  onSignedIn,
}: {
  passwordAllowed: boolean;
  onSignedIn: (info: SessionInfo) => void;
}) {
  const { method, chooseMethod, field, submit, sending, refusal } = useSignInForm(passwordAllowed, onSignedIn);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="sign-in-heading">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="sign-in-heading">
            Sign in
          </Title>
          {/* Radios rather than a SegmentedControl: its sliding indicator measures the layout during the first
              render, the most expensive step between the first byte and a usable form. */}
          <Radio.Group label="Sign-in method" value={method} onChange={(v) => chooseMethod(v as Method)}>
            <Group gap="lg" mt={6}>
              <Radio value="password" label="With password" disabled={!passwordAllowed} />
              <Radio value="apiKey" label="With API key" />
            </Group>
          </Radio.Group>
          {/* The page has one thing to do: typing starts there, without a Tab through the header first. */}
          <TextInput label="Email" type="email" autoComplete="username" aria-required autoFocus {...field('email')} />
          {method === 'password' ? (
            <PasswordInput label="Password" autoComplete="current-password" aria-required {...field('secret')} />
          ) : (
            <PasswordInput
              label="API key"
              description="Your personal API key from the chat server's settings. The console keeps it server-side."
              autoComplete="off"
              aria-required
              {...field('secret')}
            />
          )}
          {refusal ? (
            <Alert color="red" role="alert" title="Sign-in failed">
              {errorMessage(refusal)}
            </Alert>
          ) : null}
          <Button type="submit" loading={sending}>
            Sign in
          </Button>
          <Text size="xs" c="dimmed">
            You sign in with your own chat-server account; the server decides what you may do.
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
