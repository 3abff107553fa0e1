import { InvitationsPage } from '../../features/invitations/invitations-page';

export function InvitationsRoute() {
  return <InvitationsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { InvitationsRoute as Component };
