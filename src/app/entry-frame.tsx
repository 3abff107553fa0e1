import { StrictMode, type ReactNode } from 'react';
import { ConsoleMantineProvider } from './console-mantine-provider';

/**
 * What every entry's root holds, the sign-in page's and the console's alike. When the sign-in page hands its root
 * over to the console, React keeps this frame (Mantine's provider and its CSS variables) and replaces only what is
 * inside it, instead of rebuilding the page and restyling the whole document.
 */
export function EntryFrame({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ConsoleMantineProvider>{children}</ConsoleMantineProvider>
    </StrictMode>
  );
}
