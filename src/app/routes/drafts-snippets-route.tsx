import { DraftsSnippetsPage } from '../../features/drafts-snippets/drafts-snippets-page';

export function DraftsSnippetsRoute() {
  return <DraftsSnippetsPage />;
}
