import { Alert, Badge, Box, Button, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { memo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../client/api-error';
import { sanitizeHtml } from '../../client/sanitize-html';
import { featureGateReason } from '../../shared/svc/features';
import type { User } from '../../shared/svc/records';
import { botTypeLabel, roleLabel } from '../../shared/svc/roles';
import { useUserStatus } from './api/get-user-status';
import { ChangeRoleModal } from './change-role-modal';
import { DeactivateUserModal } from './deactivate-user-modal';
import { IMPORTED_NEVER_SIGNED_IN } from './activity';
import { formatDateTime } from './format';
import { StatusLine } from '../../components/status-emoji/status-line';
import { useLastShown } from '../../components/use-last-shown';
import {
  assignableRoles,
  canChangeRole,
  canDeactivate,
  canEditProfile,
  canReactivate,
  canReadStatus,
  canSetStatus,
  hasAdminActions,
  type Actor,
  type Verdict,
} from './permissions';
import { ReactivateUserModal } from './reactivate-user-modal';
import { SetStatusModal } from './set-status-modal';
import { EditProfileModal } from './edit-profile-modal';
import classes from './user-details.module.css';
import { ActiveBadge } from './users-table';
import { UserAvatar } from './user-avatar';
import { useCustomProfileFields } from './api/get-custom-profile-fields';
import { valueInWords } from './profile-values';

type Action = 'deactivate' | 'reactivate' | 'role' | 'status' | 'profile';

interface UserDetailsDrawerProps {
  userId: number | null;
  user: User | null;
  /** True while the list that holds `user` is still loading. */
  loading: boolean;
  /** Any user of the list by ID (the bot owner's name). */
  findUser: (userId: number) => User | undefined;
  actor: Actor | null;
  featureLevel: number;
  onClose: () => void;
}

/** The selected user's record in a drawer; opened whenever `?user=<id>` is in the URL. */
export const UserDetailsDrawer = memo(function UserDetailsDrawer({
  userId,
  user,
  loading,
  findUser,
  actor,
  featureLevel,
  onClose,
}: UserDetailsDrawerProps) {
  const [action, setAction] = useState<Action | null>(null);
  const open = userId !== null;
  // While it slides away it keeps showing the user it showed, not "No such user" for the id just removed.
  const shownId = useLastShown(userId, open);
  const shownUser = useLastShown(user, open);
  const shownLoading = useLastShown(loading, open);
  return (
    <Drawer
      opened={open}
      onClose={onClose}
      position="right"
      size="lg"
      title={shownUser ? shownUser.full_name : 'User details'}
      // Escape closes the dialog on top, not the drawer under it as well.
      closeOnEscape={action === null}
      closeButtonProps={{ 'aria-label': 'Close user details' }}
    >
      {shownUser ? (
        <UserDetails
          key={shownUser.user_id}
          user={shownUser}
          findUser={findUser}
          actor={actor}
          featureLevel={featureLevel}
          action={action}
          setAction={setAction}
        />
      ) : shownLoading ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading user" />
        </Group>
      ) : (
        <Alert color="yellow" title="No such user">
          There is no user with ID {shownId} in this organization.
        </Alert>
      )}
    </Drawer>
  );
});

function UserDetails({
  user,
  findUser,
  actor,
  featureLevel,
  action,
  setAction,
}: {
  user: User;
  findUser: (userId: number) => User | undefined;
  actor: Actor | null;
  featureLevel: number;
  action: Action | null;
  setAction: (action: Action | null) => void;
}) {
  const statusReadable = canReadStatus(featureLevel);
  const status = useUserStatus(user.user_id, statusReadable);
  return (
    <Stack gap="lg">
      <UserSummary user={user} />
      {actor && hasAdminActions(actor) ? (
        <AdminActions user={user} actor={actor} featureLevel={featureLevel} onAction={setAction} />
      ) : null}
      <UserRecord user={user} findUser={findUser}>
        <Field label="Current status">
          <CurrentStatus status={status} readable={statusReadable} featureLevel={featureLevel} />
        </Field>
      </UserRecord>
      <ProfileFields user={user} findUser={findUser} />
      {actor ? (
        <ActionModals user={user} actor={actor} action={action} onClose={() => setAction(null)} status={status.data} />
      ) : null}
    </Stack>
  );
}

/** The picture, the email and the badges: role, active, imported, bot. */
function UserSummary({ user }: { user: User }) {
  return (
    <Group gap="md" wrap="nowrap">
      <UserAvatar user={user} size="xl" />
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {user.delivery_email ?? user.email}
        </Text>
        <Group gap={6}>
          <Badge variant="light">{roleLabel(user.role)}</Badge>
          <ActiveBadge active={user.is_active} />
          {user.is_imported_stub ? (
            <Badge variant="light" color="orange">
              {IMPORTED_NEVER_SIGNED_IN}
            </Badge>
          ) : null}
          {user.is_bot ? (
            <Badge variant="light" color="grape">
              {botTypeLabel(user.bot_type) ?? 'Bot'}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}

/** Everything the record says, field by field; `children` adds fields at its end. */
function UserRecord({
  user,
  findUser,
  children,
}: {
  user: User;
  findUser: (userId: number) => User | undefined;
  children: ReactNode;
}) {
  const owner = user.bot_owner_id == null ? null : (findUser(user.bot_owner_id) ?? null);
  return (
    <Box component="dl" m={0}>
      <Field label="Full name">{user.full_name}</Field>
      <Field label="Real email">
        {user.delivery_email ?? (
          <Text span c="dimmed" size="sm">
            Hidden by the user&apos;s email visibility setting
          </Text>
        )}
      </Field>
      <Field label="API email">{user.email}</Field>
      <Field label="User ID">{user.user_id}</Field>
      <Field label="Role">{roleLabel(user.role)}</Field>
      <Field label="Account">
        {user.is_active ? 'Active' : 'Deactivated'}
        {/* Level 433: an account brought over from another product, whose person has not signed in here yet. */}
        {user.is_imported_stub ? ', imported from another product and never signed in' : ''}
      </Field>
      <Field label="Bot type">{user.is_bot ? (botTypeLabel(user.bot_type) ?? 'Bot') : 'Not a bot'}</Field>
      {user.is_bot ? (
        <Field label="Bot owner">
          {owner ? owner.full_name : user.bot_owner_id == null ? 'No owner' : `User ${user.bot_owner_id}`}
        </Field>
      ) : null}
      <Field label="Time zone">{user.timezone || 'Not set'}</Field>
      <Field label="Joined">{formatDateTime(user.date_joined)}</Field>
      {children}
    </Box>
  );
}

/** The user's status, or why it cannot be read on this server. */
function CurrentStatus({
  status,
  readable,
  featureLevel,
}: {
  status: ReturnType<typeof useUserStatus>;
  readable: boolean;
  featureLevel: number;
}) {
  if (!readable) {
    return (
      <Text span c="dimmed" size="sm">
        {featureGateReason(featureLevel, 'userStatusGet')}
      </Text>
    );
  }
  if (status.isPending) return <Loader size="xs" aria-label="Loading status" />;
  if (status.isError) {
    return (
      <Text span c="red" size="sm">
        {errorMessage(status.error)}
      </Text>
    );
  }
  return (
    <>
      <StatusLine status={status.data} empty="No status" />
      {status.data?.away ? ' (away)' : ''}
    </>
  );
}

/** The dialog of each action, opened by its button. */
function ActionModals({
  user,
  actor,
  action,
  onClose,
  status,
}: {
  user: User;
  actor: Actor;
  action: Action | null;
  onClose: () => void;
  status: ReturnType<typeof useUserStatus>['data'];
}) {
  return (
    <>
      <DeactivateUserModal
        user={user}
        opened={action === 'deactivate'}
        onClose={onClose}
        warning={verdictWarning(canDeactivate(actor, user))}
      />
      <ReactivateUserModal user={user} opened={action === 'reactivate'} onClose={onClose} />
      <ChangeRoleModal
        user={user}
        opened={action === 'role'}
        onClose={onClose}
        roles={assignableRoles(actor, user)}
        warning={verdictWarning(canChangeRole(actor, user))}
      />
      <SetStatusModal user={user} opened={action === 'status'} onClose={onClose} current={status} />
      <EditProfileModal user={user} opened={action === 'profile'} onClose={onClose} />
    </>
  );
}

function verdictWarning(verdict: Verdict): string | null {
  return verdict.allowed ? verdict.warning : null;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group
      gap="md"
      wrap="nowrap"
      align="flex-start"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text component="dt" size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function ProfileFields({ user, findUser }: { user: User; findUser: (userId: number) => User | undefined }) {
  const definitions = useCustomProfileFields();
  const byId = new Map((definitions.data ?? []).map((f) => [String(f.id), f] as const));
  // In the organization's order; a field the list does not know (yet) keeps its id as its name.
  const entries = Object.entries(user.profile_data ?? {})
    .filter(([, v]) => v.value !== '')
    .sort(([a], [b]) => (byId.get(a)?.order ?? Number(a)) - (byId.get(b)?.order ?? Number(b)));
  if (user.is_bot) return null;
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Custom profile fields
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          None filled in.
        </Text>
      ) : (
        <Box component="dl" m={0}>
          {entries.map(([id, field]) => {
            const words = valueInWords(byId.get(id), user, (userId) => findUser(userId)?.full_name);
            return (
              <Field key={id} label={byId.get(id)?.name ?? `Field ${id}`}>
                {words !== null ? (
                  words
                ) : field.rendered_value !== undefined ? (
                  <Box
                    className={classes.html}
                    // Sanitized: rendered_value is server HTML.
                    dangerouslySetInnerHTML={{ __html: sanitizeHtml(field.rendered_value) }}
                  />
                ) : (
                  field.value
                )}
              </Field>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}

function AdminActions({
  user,
  actor,
  featureLevel,
  onAction,
}: {
  user: User;
  actor: Actor;
  featureLevel: number;
  onAction: (action: Action) => void;
}) {
  const activity: [Action, string, Verdict] = user.is_active
    ? ['deactivate', 'Deactivate', canDeactivate(actor, user)]
    : ['reactivate', 'Reactivate', canReactivate(actor, user)];
  const actions: [Action, string, Verdict][] = [
    activity,
    ['role', 'Change role', canChangeRole(actor, user)],
    ['status', 'Set status', canSetStatus(actor, user, featureLevel)],
    ['profile', 'Edit profile', canEditProfile(actor, user)],
  ];
  const reasons = actions.flatMap(([, label, verdict]) => (verdict.allowed ? [] : [`${label}: ${verdict.reason}`]));
  return (
    <Stack gap={6} role="group" aria-label="Actions">
      <Group gap="xs">
        {actions.map(([key, label, verdict]) => (
          <Button
            key={key}
            size="xs"
            variant={key === 'deactivate' ? 'light' : 'default'}
            color={key === 'deactivate' ? 'red' : undefined}
            disabled={!verdict.allowed}
            onClick={() => onAction(key)}
          >
            {label}
          </Button>
        ))}
      </Group>
      {/* Why a button is disabled is written out, not hidden in a tooltip a disabled button cannot show. */}
      {reasons.map((reason) => (
        <Text key={reason} size="xs" c="dimmed">
          {reason}
        </Text>
      ))}
    </Stack>
  );
}
