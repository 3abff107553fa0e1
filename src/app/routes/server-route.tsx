import { ServerPage } from '../../features/server/server-page';

export function ServerRoute() {
  return <ServerPage />;
}
