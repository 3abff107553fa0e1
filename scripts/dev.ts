// `npm run dev`: the BFF (with embedded simulators unless SVC_URL is set) plus Vite with hot reload.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const bffPort = process.env.BFF_DEV_PORT ?? '8080';
const bff = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: bffPort, STATIC_DIR: 'dist' },
});
const vite = await createServer({ server: { port: 5173 } });
await vite.listen();
vite.printUrls();
console.log(`BFF on http://127.0.0.1:${bffPort}; open the Vite URL above for hot reload.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    bff.kill(signal);
    void vite.close().then(() => process.exit(0));
  });
}
