import { MantineProvider, createTheme, darken, type CSSVariablesResolver } from '@mantine/core';
import type { ReactNode } from 'react';

const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text above WCAG AA contrast (shade 6 is 3.5:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // A dialog's close button is an icon: without a name a screen reader announces only "button". Dialogs that
  // name theirs more exactly ("Close topic") pass their own. Plain objects, so the sign-in entry does not bundle
  // the dialogs just to name them.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notice' } } },
    // A badge is one or two words: beside text in a narrow row it kept shrinking to "AC…" while the text had room
    // to truncate instead. It never shrinks below its words.
    Badge: { styles: { root: { flexShrink: 0, minWidth: 'max-content' } } },
  },
});

// Mantine's default dimmed grey is below WCAG AA contrast on white; secondary text must stay readable.
// Likewise "light" variants (badges, initials avatars) get darkened shade-9 text on a shade-0 background in light mode.
const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((c) => [
        [`--mantine-color-${c}-light-color`, darken(t.colors[c]![9], 0.2)],
        [`--mantine-color-${c}-light`, `var(--mantine-color-${c}-0)`],
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});

/** Mantine with the console's theme: every page's provider, the sign-in entry's only one. */
export function ConsoleMantineProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
