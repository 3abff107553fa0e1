import { LinkifiersPage } from '../../features/linkifiers/linkifiers-page';

export function LinkifiersRoute() {
  return <LinkifiersPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { LinkifiersRoute as Component };
