import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';

import { notify } from '../../client/notify';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { supports } from '../../shared/svc/features';
import type { UserSettingsDefaultsState } from '../../shared/bff/protocol';
import { SETTING_GROUPS, type SettingValue, type UserSettingDef } from '../../shared/svc/user-settings-defaults';
import { useUserSettingsDefaults } from './api/get-user-settings-defaults';
import { appliedChanges, useUpdateUserSettingsDefaults } from './api/update-user-settings-defaults';
import { DraftsSyncConfirmModal } from './drafts-sync-confirm-modal';
import { IgnoredSettingsReport } from './ignored-settings-report';
import { applyToExistingBlockReason, defaultsEditBlockReason } from './permissions';
import { ApplyToExistingModal } from './apply-to-existing-modal';
import { ServerError } from '../../components/server-error';
import { SettingControl } from './setting-control';
import {
  changedSettings,
  changeErrors,
  formatChangeCount,
  initialFormValues,
  rebaseFormValues,
  unavailableReason,
  visibleSettings,
  type Defaults,
  type FormValues,
} from './settings-form';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { LoadError } from '../../components/load-error';

const DRAFTS_SYNC = 'enable_drafts_synchronization';

/** Organization admins: the personal settings people who join later start with. */
export function RealmDefaultsPage() {
  const query = useUserSettingsDefaults();
  const { role } = useRole();
  const featureLevel = useFeatureLevel();
  const blockReason = defaultsEditBlockReason({ role, featureLevel });

  return (
    <Stack gap="md" pb="xl">
      <Title order={2}>Defaults for new users</Title>
      <Alert color="blue" variant="light" title="Applies to users who join later" role="note">
        New members of the organization start with these settings and can change them afterwards. Existing users keep
        their own settings: saving a default here does not change anyone&apos;s settings today
        {supports(featureLevel, 'settingsForExistingUsers') ? ', unless you also apply it to existing users.' : '.'}
      </Alert>
      {blockReason ? (
        <Alert color="gray" variant="light" title="Read only" role="note">
          {blockReason}
        </Alert>
      ) : null}

      {query.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading the current defaults…</Text>
        </Group>
      ) : query.isError ? (
        <LoadError
          title="The current defaults could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.defaults === null ? (
        <Alert color="yellow" title="Not available on this server">
          This chat server does not report default settings for new users (that needs server feature level 95).
        </Alert>
      ) : (
        <DefaultsForm
          defaults={query.data.defaults}
          state={query.data}
          featureLevel={featureLevel}
          readOnly={blockReason !== null}
          role={role}
        />
      )}
    </Stack>
  );
}

interface FormProps {
  defaults: Defaults;
  state: UserSettingsDefaultsState;
  featureLevel: number;
  readOnly: boolean;
  role: number | null;
}

function DefaultsForm({ defaults, state, featureLevel, readOnly, role }: FormProps) {
  const { form } = useOpForm<FormValues>({ initialValues: initialFormValues(defaults, featureLevel) });
  const { update, ignored, setIgnored, recentlySaved, saveChanges } = useSaveDefaults(form, defaults);
  const [confirmingDraftsOff, setConfirmingDraftsOff] = useState(false);

  useFollowServer(form, defaults);

  const values = form.getValues();
  const changes = changedSettings(values, defaults);
  const errors = changeErrors(changes);
  const count = Object.keys(changes).length;
  const canSave = !readOnly && count > 0 && Object.keys(errors).length === 0 && !update.isPending;

  const save = () => saveChanges(changes as Record<string, SettingValue>);

  const submit = form.onSubmit(() => {
    if (!canSave) return;
    if (changes[DRAFTS_SYNC] === false) setConfirmingDraftsOff(true);
    else save();
  });

  const settings = visibleSettings(featureLevel);
  const renderControl = (def: UserSettingDef) => (
    <SettingControl
      key={def.name}
      def={def}
      value={def.name in values ? values[def.name]! : (defaults[def.name] ?? null)}
      serverValue={defaults[def.name]}
      onChange={(value) => form.setFieldValue(def.name, value)}
      disabled={readOnly || update.isPending}
      unavailable={unavailableReason(def, defaults, featureLevel)}
      error={errors[def.name] ?? null}
      level={featureLevel}
      notificationSounds={state.availableNotificationSounds}
    />
  );

  return (
    <>
      {/* Outside the form below: its dialog's own form must not submit (or nest in) that one through the portal. */}
      <ExistingUsersSection
        blockReason={applyToExistingBlockReason({ role, featureLevel, unsavedChanges: count })}
        defaults={defaults}
        featureLevel={featureLevel}
        recentlySaved={recentlySaved}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SettingsGroups settings={settings} renderControl={renderControl} />

          {readOnly ? null : (
            <SaveBar
              count={count}
              errorCount={Object.keys(errors).length}
              update={update}
              ignored={ignored}
              onDismissIgnored={() => setIgnored([])}
              onDiscard={() => {
                form.setValues(initialFormValues(defaults, featureLevel));
                update.reset();
              }}
              canSave={canSave}
            />
          )}
        </Stack>

        <DraftsSyncConfirmModal
          opened={confirmingDraftsOff}
          onCancel={() => setConfirmingDraftsOff(false)}
          onConfirm={() => {
            setConfirmingDraftsOff(false);
            save();
          }}
        />
        <UnsavedChangesGuard count={readOnly ? 0 : count} />
      </form>
    </>
  );
}

type DefaultsFormState = ReturnType<typeof useOpForm<FormValues>>['form'];

/**
 * The server's values move (another admin, an event after our own save): untouched fields follow them, the
 * admin's own edits stay.
 */
function useFollowServer(form: DefaultsFormState, defaults: Defaults) {
  const baseline = useRef(defaults);
  useEffect(() => {
    if (baseline.current === defaults) return;
    form.setValues(rebaseFormValues(form.getValues(), baseline.current, defaults));
    baseline.current = defaults;
  }, [defaults, form]);
}

/**
 * Saving: only the changed settings go; what the server reports as ignored shows its value again and is named
 * in the report. Remembers what this visit saved, for the apply dialog to start with.
 */
function useSaveDefaults(form: DefaultsFormState, defaults: Defaults) {
  const update = useUpdateUserSettingsDefaults();
  const [ignored, setIgnored] = useState<string[]>([]);
  const [recentlySaved, setRecentlySaved] = useState<string[]>([]);
  const saveChanges = (sent: Record<string, SettingValue>) => {
    setIgnored([]);
    update.mutate(sent, {
      onSuccess: (result) => {
        const ignoredNames = result.ignored_parameters_unsupported ?? [];
        for (const name of ignoredNames) {
          if (name in sent && name in defaults) form.setFieldValue(name, defaults[name]!);
        }
        setIgnored(ignoredNames);
        const appliedNames = Object.keys(appliedChanges(sent, ignoredNames));
        setRecentlySaved((before) => [...new Set([...before, ...appliedNames])]);
        const applied = appliedNames.length;
        if (applied > 0) {
          notify(
            'success',
            'realm-defaults-saved',
            'Defaults saved',
            `${applied === 1 ? '1 setting' : `${applied} settings`} changed for users who join from now on.`,
          );
        }
      },
    });
  };
  return { update, ignored, setIgnored, recentlySaved, saveChanges };
}

interface SaveBarProps {
  count: number;
  errorCount: number;
  update: ReturnType<typeof useUpdateUserSettingsDefaults>;
  ignored: readonly string[];
  onDismissIgnored: () => void;
  onDiscard: () => void;
  canSave: boolean;
}

/** The sticky bar: how many changes, the last save's refusal or ignored settings, Discard and Save. */
function SaveBar({ count, errorCount, update, ignored, onDismissIgnored, onDiscard, canSave }: SaveBarProps) {
  return (
    <Paper
      component="section"
      aria-label="Unsaved changes"
      withBorder
      shadow="md"
      p="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 2 }}
    >
      <Stack gap="xs">
        <ServerError error={update.error} title="Not saved; your changes are kept" />
        <IgnoredSettingsReport names={ignored} onDismiss={onDismissIgnored} />
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={count > 0 ? 600 : undefined} role="status" aria-live="polite">
            {formatChangeCount(count)}
            {count > 0 && errorCount > 0
              ? ` — fix ${errorCount === 1 ? 'the marked field' : `the ${errorCount} marked fields`} to save`
              : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" disabled={count === 0 || update.isPending} onClick={onDiscard}>
              Discard changes
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!canSave}>
              Save changes
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Saved defaults applied to people who already have accounts (level 444), or why not. */
function ExistingUsersSection({
  blockReason,
  ...modal
}: { blockReason: string | null } & Omit<ComponentProps<typeof ApplyToExistingModal>, 'opened' | 'onClose'>) {
  const [applying, setApplying] = useState(false);
  return (
    <SettingsSection
      title="Existing users"
      description="Saved defaults can also be set for people who already have accounts."
    >
      <Group gap="sm" align="center">
        <Button variant="light" color="orange" disabled={blockReason !== null} onClick={() => setApplying(true)}>
          Apply to existing users…
        </Button>
        {blockReason ? (
          <Text size="sm" c="dimmed">
            {blockReason}
          </Text>
        ) : null}
      </Group>
      {applying ? <ApplyToExistingModal opened onClose={() => setApplying(false)} {...modal} /> : null}
    </SettingsSection>
  );
}

/** Each group's settings: choices and numbers first, then the switches, each kind in its own grid. */
function SettingsGroups({
  settings,
  renderControl,
}: {
  settings: readonly UserSettingDef[];
  renderControl: (def: UserSettingDef) => ReactNode;
}) {
  return SETTING_GROUPS.map((group) => {
    const inGroup = settings.filter((def) => def.group === group.id);
    return (
      <SettingsSection key={group.id} title={group.title} description={group.description}>
        {[inGroup.filter((def) => def.kind !== 'boolean'), inGroup.filter((def) => def.kind === 'boolean')]
          .filter((defs) => defs.length > 0)
          .map((defs, i) => (
            <SimpleGrid key={i} cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
              {defs.map(renderControl)}
            </SimpleGrid>
          ))}
      </SettingsSection>
    );
  });
}

function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
