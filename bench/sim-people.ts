/**
 * The simulator's generated people, for putting the same people on the real server (bench/real-people.sh): the
 * bench's `people` rows (bench/real.ts) compare the users page there with the same page on the simulator, and a
 * filter keystroke only compares when both pages hold the same names and addresses.
 *
 *   npx tsx bench/sim-people.ts 10000    one JSON object a line, in the simulator's order
 *
 * The people come from the simulator itself (createSvcSimulator with the bench's SIM_USERS and its default seed),
 * so they follow its generator: the simulator with `SIM_USERS=<count>` holds exactly these, beside its own demo
 * accounts, bots and imported stubs.
 */
import { pathToFileURL } from 'node:url';
import { DEMO_ACCOUNTS } from '../src/sim/svc/seed-demo-realm';
import { createSvcSimulator } from '../src/sim/svc/simulator';

/** One generated person as the real server's bulk path takes it (see bench/real-people.sh). */
export interface SimPerson {
  email: string;
  full_name: string;
  is_active: boolean;
  role: number;
  email_address_visibility: number;
  timezone: string;
  /** The server's format, e.g. `2019-10-20T07:50:53.728864+00:00`. */
  date_joined: string;
  /** Seconds before now of the last interaction and the last connection; null: never seen. */
  active_seconds_ago: number | null;
  connected_seconds_ago: number | null;
}

/** The simulator's realm host: its generated people's addresses end in `@` this. */
export const SIM_PEOPLE_DOMAIN = 'demo.test';

/** The `count` people the simulator generates with SIM_USERS=count, in its order (its user IDs' order). */
export function simPeople(count: number): SimPerson[] {
  const sim = createSvcSimulator({ generatedUsers: count, realmHost: SIM_PEOPLE_DOMAIN });
  try {
    const named = new Set(DEMO_ACCOUNTS.map((a) => a.email));
    const nowSeconds = Math.floor(sim.control.now() / 1000);
    const generated = sim.store.users.filter((u) => !u.isBot && !u.isImportedStub && !named.has(u.deliveryEmail));
    if (generated.length !== count) throw new Error(`the simulator generated ${generated.length}, not ${count}`);
    return generated.map((u) => {
      const seen = sim.store.presence.get(u.user_id);
      return {
        email: u.deliveryEmail,
        full_name: u.fullName,
        is_active: u.isActive,
        role: u.role,
        email_address_visibility: u.emailAddressVisibility,
        timezone: u.timezone,
        date_joined: u.dateJoined,
        active_seconds_ago: seen ? nowSeconds - seen.activeTimestamp : null,
        connected_seconds_ago: seen ? nowSeconds - seen.idleTimestamp : null,
      };
    });
  } finally {
    sim.close();
  }
}

/**
 * How many of the simulator's people a users list holds: those at the simulator's domain, and those whose
 * address the list hides (visibility "nobody": only the simulator's people have it on the dev server).
 */
export function simPeopleIn(members: readonly { delivery_email?: string | null; is_bot: boolean }[]): number {
  return members.filter((m) => !m.is_bot && (!m.delivery_email || m.delivery_email.endsWith(`@${SIM_PEOPLE_DOMAIN}`)))
    .length;
}

function main() {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1) throw new Error('usage: npx tsx bench/sim-people.ts <count>');
  const lines = simPeople(count).map((p) => JSON.stringify(p));
  process.stdout.write(lines.join('\n') + '\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
