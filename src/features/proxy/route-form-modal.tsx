import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../client/api-error';
import { useOpForm, type OpForm } from '../../client/op-form';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import {
  DEFAULT_WEIGHT,
  MAX_UPSTREAMS,
  MAX_WEIGHT,
  MIN_WEIGHT,
  proxyErrorCodes,
  type RouteRecord,
} from '../../shared/proxy';
import { useCreateProxyRoute } from './api/create-route';
import { useUpdateProxyRoute } from './api/update-route';
import {
  checkCreate,
  checkPatch,
  CREATE_TLS_OPTIONS,
  emptyRouteForm,
  formFromRecord,
  hasNonDefaultWeight,
  lbLabel,
  tlsLabel,
  upstreamRow,
  type RouteFormValues,
} from './route-form';
import { announceWrite, writeFailureTitle } from './write-outcome';

interface RouteFormModalProps {
  /** The route to edit, or null to create one. */
  route: RouteRecord | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (id: string) => void;
}

export function RouteFormModal({ route, opened, onClose, onSaved }: RouteFormModalProps) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={route ? `Edit route ${route.domain}` : 'Create route'}
      size="40rem"
    >
      {/* The form lives inside the modal body, so it starts fresh each time the dialog opens. */}
      <RouteForm route={route} onSaved={onSaved} onCancel={onClose} />
    </FormDialog>
  );
}

function onOff(value: boolean | null | undefined): string {
  return value === undefined || value === null ? '—' : value ? 'On' : 'Off';
}

/** The settings the key API cannot change, as the dashboard has them: shown, not offered. */
function ReadOnlySettings({ route }: { route: RouteRecord }) {
  const rows: [string, string][] = [
    ['Domain', route.domain],
    ['TLS mode', tlsLabel(route.tlsMode)],
    ['Load balancing', lbLabel(route.lbPolicy)],
    ['WebSockets', onOff(route.websocketEnabled)],
    ['HTTP/3', onOff(route.http3Enabled)],
    ['Single sign-on', onOff(route.ssoEnabled)],
    ['Health-check interval', route.healthCheckInterval ? `${route.healthCheckInterval} s` : '—'],
  ];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Set in the dashboard
      </Text>
      <Text size="xs" c="dimmed">
        The console&apos;s API key cannot change these; the dashboard itself must.
      </Text>
      {/* Label/value rows of one route, not a list of records: a plain table, not DataTable. */}
      <Table withRowBorders={false} verticalSpacing={2} aria-label="Set in the dashboard">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%" scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The upstream rows (address and weight), with the weight warning the proxy's behaviour calls for. */
function UpstreamsEditor({ form }: { form: OpForm<RouteFormValues>['form'] }) {
  const values = form.values;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="upstreams-label">
        Upstreams
      </Text>
      <Text size="xs" c="dimmed">
        host:port or http(s)://host[:port]; weight {MIN_WEIGHT}–{MAX_WEIGHT}, default {DEFAULT_WEIGHT}.
      </Text>
      {values.upstreams.map((row, index) => (
        <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`Upstream ${index + 1} address`}
            placeholder="10.0.0.5:8080"
            style={{ flex: 1 }}
            {...form.getInputProps(`upstreams.${index}.address`)}
          />
          <NumberInput
            aria-label={`Upstream ${index + 1} weight`}
            w={110}
            min={MIN_WEIGHT}
            max={MAX_WEIGHT}
            allowDecimal={false}
            {...form.getInputProps(`upstreams.${index}.weight`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove upstream ${index + 1}`}
            disabled={values.upstreams.length === 1}
            onClick={() => form.removeListItem('upstreams', index)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {form.errors.upstreams ? (
        <Text size="xs" c="red" role="alert">
          {form.errors.upstreams}
        </Text>
      ) : null}
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={values.upstreams.length >= MAX_UPSTREAMS}
          onClick={() => form.insertListItem('upstreams', upstreamRow())}
        >
          Add upstream
        </Button>
      </Group>
      {hasNonDefaultWeight(values) ? (
        <Alert color="orange" variant="light" title="The proxy may reject this weight">
          The dashboard stores any weight from {MIN_WEIGHT} to {MAX_WEIGHT}, but its proxy may have no per-upstream
          weights and refuse the route silently; after a dashboard restart such a route can keep the whole proxy config
          from loading. Leave the weight at {DEFAULT_WEIGHT} unless you know the proxy supports it.
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The form's state and its sending: a create, or an edit sent as the difference from what the form opened with. */
function useRouteFormState(route: RouteRecord | null, onSaved: (id: string) => void) {
  const create = useCreateProxyRoute();
  const update = useUpdateProxyRoute();
  const mutation = route ? update : create;
  // Fixed at opening: edits are sent as the difference from what the form started with.
  const [initial] = useState(() => (route ? formFromRecord(route) : emptyRouteForm()));
  const { form, refusalField, placeRefusal } = useOpForm<RouteFormValues>({
    initialValues: initial,
    validate: (values) => {
      const checked = route ? checkPatch(values, initial) : checkCreate(values);
      return checked.ok ? {} : checked.errors;
    },
  });

  /** 409 and validation refusals go on the field they concern; anything else shows above the buttons. */
  const keyRejected = (error: unknown) => error instanceof ApiError && error.code === proxyErrorCodes.keyRejected;
  const onError = (error: unknown) => {
    if (!keyRejected(error)) placeRefusal(error);
  };
  const fieldError = !keyRejected(mutation.error) && refusalField(mutation.error) !== null;

  const submit = form.onSubmit((v) => {
    if (route) {
      const checked = checkPatch(v, initial);
      if (!checked.ok) return;
      if (Object.keys(checked.value).length === 0) {
        onSaved(route.id);
        return;
      }
      update.mutate(
        { id: route.id, patch: checked.value },
        {
          onSuccess: (data) => {
            announceWrite('update', route.id, route.domain, data);
            onSaved(route.id);
          },
          onError,
        },
      );
    } else {
      const checked = checkCreate(v);
      if (!checked.ok) return;
      create.mutate(checked.value, {
        onSuccess: (data) => {
          announceWrite('create', data.id, checked.value.domain, data);
          onSaved(data.id);
        },
        onError,
      });
    }
  });
  return { form, mutation, fieldError, submit };
}

function RouteForm({
  route,
  onSaved,
  onCancel,
}: {
  route: RouteRecord | null;
  onSaved: (id: string) => void;
  onCancel: () => void;
}) {
  const { form, mutation, fieldError, submit } = useRouteFormState(route, onSaved);
  const values = form.values;

  return (
    <DialogForm
      onFormSubmit={submit}
      submitLabel={route ? 'Save route' : 'Create route'}
      onCancel={onCancel}
      pending={mutation.isPending}
      error={fieldError ? null : mutation.error}
      errorTitle={writeFailureTitle(
        mutation.error,
        route ? 'The dashboard refused the change' : 'The dashboard refused to create the route',
      )}
    >
      <TextInput label="Name" required {...form.getInputProps('name')} />
      {route ? null : (
        <TextInput
          label="Domain"
          required
          description="The hostname this route answers for, e.g. app.example.com or *.example.com. It cannot be changed later through the console."
          autoComplete="off"
          {...form.getInputProps('domain')}
        />
      )}
      <UpstreamsEditor form={form} />
      {route ? (
        <Switch
          label="Enabled"
          description="Off stores the flag only: the proxy may keep serving the domain until the dashboard itself switches it off."
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
      ) : (
        <Select
          label="TLS mode"
          description="DNS-challenge and custom certificates can only be set up in the dashboard."
          data={CREATE_TLS_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('tlsMode')}
        />
      )}
      <Group gap="lg">
        <Checkbox label="Compression" {...form.getInputProps('compressionEnabled', { type: 'checkbox' })} />
        <Checkbox label="Health checks" {...form.getInputProps('healthCheckEnabled', { type: 'checkbox' })} />
      </Group>
      {values.healthCheckEnabled ? (
        <TextInput label="Health-check path" {...form.getInputProps('healthCheckPath')} />
      ) : null}
      {route ? <ReadOnlySettings route={route} /> : null}
    </DialogForm>
  );
}
