import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '../../client/api-error';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
import {
  LB_POLICIES,
  MAX_UPSTREAMS,
  MAX_WEIGHT,
  MIN_WEIGHT,
  TLS_MODES,
  proxyErrorCodes,
  type RouteRecord,
} from '../../shared/proxy';
import { useCreateProxyRoute } from './api/create-route';
import { useUpdateProxyRoute } from './api/update-route';
import {
  checkCreate,
  checkPatch,
  emptyRouteForm,
  formFromRecord,
  LB_POLICY_LABELS,
  TLS_MODE_LABELS,
  upstreamRow,
  type RouteFormValues,
} from './route-form';

interface RouteFormModalProps {
  /** The route to edit, or null to create one. */
  route: RouteRecord | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (id: string) => void;
}

export function RouteFormModal({ route, opened, onClose, onSaved }: RouteFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={route ? `Edit route ${route.domain}` : 'Create route'}
      size="40rem"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {/* The form lives inside the modal body, so it starts fresh each time the dialog opens. */}
      <RouteForm route={route} onSaved={onSaved} onCancel={onClose} />
    </Modal>
  );
}

/** The options of a select, plus the record's own value when it is one this console does not know. */
function options(values: readonly string[], labels: Record<string, string>, current: string) {
  const list = values.map((value) => ({ value, label: labels[value] ?? value }));
  return values.includes(current) ? list : [...list, { value: current, label: `${current} (unknown to the console)` }];
}

/** Whether a refusal's field names an input of this form (`domain`, `upstreams.0.address`, …). */
function isFormPath(field: string, values: RouteFormValues): boolean {
  if (/^upstreams\.\d+\.(address|weight)$/.test(field)) return Number(field.split('.')[1]) < values.upstreams.length;
  return field in values;
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
  const create = useCreateProxyRoute();
  const update = useUpdateProxyRoute();
  const mutation = route ? update : create;
  // Fixed at opening: edits are sent as the difference from what the form started with.
  const [initial] = useState(() => (route ? formFromRecord(route) : emptyRouteForm()));
  const form = useForm<RouteFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const checked = route ? checkPatch(values, initial) : checkCreate(values);
      return checked.ok ? {} : checked.errors;
    },
  });
  const values = form.values;

  /** 409 and validation refusals go on the field they concern; anything else shows above the buttons. */
  const refusedField = (error: unknown): string | null => {
    if (!(error instanceof ApiError) || error.code === proxyErrorCodes.keyRejected) return null;
    const field = typeof error.envelope.field === 'string' ? error.envelope.field : null;
    return field && isFormPath(field, form.values) ? field : null;
  };
  const onError = (error: unknown) => {
    const field = refusedField(error);
    if (field && error instanceof ApiError) form.setFieldError(field, error.envelope.msg);
  };
  const fieldError = refusedField(mutation.error) !== null;

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
          onSuccess: () => {
            notify('success', `proxy-route-${route.id}`, 'Route saved', `${v.domain.trim()} was updated.`);
            onSaved(route.id);
          },
          onError,
        },
      );
    } else {
      const checked = checkCreate(v);
      if (!checked.ok) return;
      create.mutate(checked.value, {
        onSuccess: ({ id }) => {
          notify(
            'success',
            'proxy-route-create',
            'Route created',
            `${checked.value.domain} now proxies to its upstreams.`,
          );
          onSaved(id);
        },
        onError,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput
          label="Domain"
          required
          description="The hostname this route answers for, e.g. app.example.com or *.example.com."
          autoComplete="off"
          {...form.getInputProps('domain')}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500} id="upstreams-label">
            Upstreams
          </Text>
          <Text size="xs" c="dimmed">
            host:port or http(s)://host[:port]; weight {MIN_WEIGHT}–{MAX_WEIGHT} shares traffic between them.
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
        </Stack>
        <Group grow align="flex-start">
          <Select
            label="TLS mode"
            data={options(TLS_MODES, TLS_MODE_LABELS, values.tlsMode)}
            allowDeselect={false}
            {...form.getInputProps('tlsMode')}
          />
          <Select
            label="Load balancing"
            data={options(LB_POLICIES, LB_POLICY_LABELS, values.lbPolicy)}
            allowDeselect={false}
            {...form.getInputProps('lbPolicy')}
          />
        </Group>
        <Group gap="lg">
          <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Checkbox label="WebSockets" {...form.getInputProps('websocketEnabled', { type: 'checkbox' })} />
          <Checkbox label="Compression" {...form.getInputProps('compressionEnabled', { type: 'checkbox' })} />
          <Checkbox label="HTTP/3" {...form.getInputProps('http3Enabled', { type: 'checkbox' })} />
        </Group>
        <Checkbox label="Health checks" {...form.getInputProps('healthCheckEnabled', { type: 'checkbox' })} />
        {values.healthCheckEnabled ? (
          <Group grow align="flex-start">
            <TextInput label="Health-check path" {...form.getInputProps('healthCheckPath')} />
            <NumberInput
              label="Interval (seconds)"
              min={5}
              max={3600}
              allowDecimal={false}
              {...form.getInputProps('healthCheckInterval')}
            />
          </Group>
        ) : null}
        {mutation.error && !fieldError ? (
          <ServerError
            error={mutation.error}
            title={route ? 'The dashboard refused the change' : 'The dashboard refused to create the route'}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {route ? 'Save route' : 'Create route'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
