import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies /bff to the BFF started by `npm run dev` (BFF_DEV_PORT).
const bffPort = Number(process.env.BFF_DEV_PORT ?? 8080);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: { '/bff': { target: `http://127.0.0.1:${bffPort}` } },
  },
});
