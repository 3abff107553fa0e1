import { Alert, Text } from '@mantine/core';
import { KEY_REJECTED_TEXT } from '../../shared/proxy';
import { refusedScopes, SCOPE_LABELS, useKeyStatus } from './key-status';

/**
 * Across the whole area whenever the dashboard refused the console's key: which scope it wanted, and
 * what to do (the key lives in the console's configuration, never in the browser).
 */
export function KeyRejectedBanner() {
  const status = useKeyStatus();
  const refused = refusedScopes(status);
  if (refused.length === 0) return null;
  return (
    <Alert color="red" title={KEY_REJECTED_TEXT} role="alert" data-testid="proxy-key-banner">
      <Text size="sm">
        The proxy dashboard refused the console&apos;s API key for{' '}
        {refused.map((scope, i) => (
          <span key={scope}>
            {i > 0 ? ', ' : ''}
            <strong>{scope}</strong> ({SCOPE_LABELS[scope].toLowerCase()})
          </span>
        ))}
        . The key may have expired, been revoked, or lack the scope. The dashboard checks scopes as exact strings: a key
        with only <strong>admin</strong> has none of them. Ask whoever operates the console to issue a key listing each
        needed scope and set it as PROXY_API_KEY.
      </Text>
    </Alert>
  );
}
