// The chat-service simulator on its own, as a real HTTP server (for end-to-end tests that restart the BFF
// while the "chat server" keeps running). `SIM_CONTROL=true` mounts its /__sim control API.
import { createSvcSimulator, startSvcSimServer } from '../src/sim/svc';

const port = Number(process.env.SIM_SVC_PORT ?? 9991);
const sim = createSvcSimulator({
  generatedUsers: Number(process.env.SIM_USERS ?? 300),
  // The simulator's own default (today's servers, level 500) unless the environment names another.
  ...(process.env.SIM_FEATURE_LEVEL ? { featureLevel: Number(process.env.SIM_FEATURE_LEVEL) } : {}),
  controlApi: process.env.SIM_CONTROL === 'true',
});
const server = await startSvcSimServer(sim, port, '127.0.0.1');
sim.control.setBaseUrl(server.url);
console.log(`SIM_READY ${JSON.stringify({ svcUrl: server.url })}`);

const stop = async () => {
  sim.close();
  await server.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
