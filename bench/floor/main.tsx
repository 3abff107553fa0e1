// The sign-in floor: the smallest React + Mantine page with one input, built with the console's own Vite
// settings (floor/vite.config.ts) and served by the same static routes. Styles as the console's entry loads them.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Input.css';
import { MantineProvider, TextInput } from '@mantine/core';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <TextInput label="Email" type="email" autoComplete="username" />
  </MantineProvider>,
);
