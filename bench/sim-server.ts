/**
 * The chat-service simulator in a process of its own, for the network figures: with the embedded
 * simulator the BFF and the simulator share one event loop, so "through the BFF" would also count the
 * simulator's work twice. Prints `SIM_READY <url>`. Started by stack.ts (startSeparateStack).
 */
import { createSvcSimulator, startSvcSimServer } from '../src/sim/svc';

// The control API (/__sim/seed-topic for the 20,000-message topic) is on, as in the end-to-end tests.
const sim = createSvcSimulator({
  generatedUsers: Number(process.env.SIM_USERS ?? 300),
  baseUrl: 'http://127.0.0.1:0',
  controlApi: true,
});
const server = await startSvcSimServer(sim, 0, '127.0.0.1');
sim.control.setBaseUrl(server.url);
console.log(`SIM_READY ${server.url}`);
process.on('SIGTERM', () => {
  sim.close();
  void server.close().then(() => process.exit(0));
});
