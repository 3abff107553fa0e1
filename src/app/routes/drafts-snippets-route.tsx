import { DraftsSnippetsPage } from '../../features/drafts-snippets/drafts-snippets-page';

export function DraftsSnippetsRoute() {
  return <DraftsSnippetsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { DraftsSnippetsRoute as Component };
