import { LinkifiersPage } from '../../features/linkifiers/linkifiers-page';

export function LinkifiersRoute() {
  return <LinkifiersPage />;
}
