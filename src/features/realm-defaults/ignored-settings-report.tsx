import { Alert, Code, List, Text } from '@mantine/core';
import { userSettingLabel } from '../../shared/svc/user-settings-defaults';

/** The settings the server reported in `ignored_parameters_unsupported`, each by its name and parameter. */
export function IgnoredSettingsReport({ names, onDismiss }: { names: readonly string[]; onDismiss: () => void }) {
  if (names.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={names.length === 1 ? 'The server ignored 1 setting' : `The server ignored ${names.length} settings`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      <Text size="sm">This server does not support these, so they were not changed:</Text>
      <List size="sm" mt={4}>
        {names.map((name) => {
          const label = userSettingLabel(name);
          return (
            <List.Item key={name}>
              {label === name ? null : `${label} `}
              <Code>{name}</Code>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
