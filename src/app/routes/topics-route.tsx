import { TopicsPage } from '../../features/topics/topics-page';

export function TopicsRoute() {
  return <TopicsPage />;
}
