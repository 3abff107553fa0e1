import { ServerPage } from '../../features/server/server-page';

export function ServerRoute() {
  return <ServerPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { ServerRoute as Component };
