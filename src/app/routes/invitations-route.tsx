import { InvitationsPage } from '../../features/invitations/invitations-page';

export function InvitationsRoute() {
  return <InvitationsPage />;
}
