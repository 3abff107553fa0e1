import type { ContractApi, Recipe } from './recipes';

/**
 * Data exports and code playgrounds. Only refusals of export requests are recorded: a real server makes at most
 * five exports per organization in any seven days (deleted ones count), so a recording must not spend them.
 * The playgrounds these recipes add are removed by the last one.
 */

const PREFIX = 'contract playground';
const playground = () => ({
  name: `${PREFIX} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  pygments_language: 'Python',
  url_template: 'https://play.example.com/?code={code}',
});

async function playgrounds(api: ContractApi): Promise<{ id: number; name: string }[]> {
  const { body } = await api.call('admin', 'POST', '/register', {
    event_types: ['realm_playgrounds'],
    fetch_event_types: ['realm_playgrounds'],
  });
  return (body.realm_playgrounds ?? []) as { id: number; name: string }[];
}

/** Every playground these recipes added but one is removed; that one's id (a fresh one if none is left). */
async function lastContractPlayground(api: ContractApi): Promise<number> {
  const ours = (await playgrounds(api)).filter((p) => p.name.startsWith(PREFIX));
  for (const p of ours.slice(1)) await api.call('admin', 'DELETE', `/realm/playgrounds/${p.id}`);
  if (ours[0]) return ours[0].id;
  const { body } = await api.call('admin', 'POST', '/realm/playgrounds', playground());
  return body.id as number;
}

export const organizationDataRecipes: readonly Recipe[] = [
  {
    name: 'getRealmExports',
    op: 'getRealmExports',
    as: 'admin',
    method: 'GET',
    path: () => '/export/realm',
    // Which exports exist, and how far each got, is the organization's data.
    ignore: ['$.exports[]'],
  },
  {
    name: 'getRealmExports as member',
    op: 'getRealmExports',
    as: 'member',
    method: 'GET',
    path: () => '/export/realm',
  },
  {
    name: 'exportRealm as moderator',
    op: 'exportRealm',
    as: 'moderator',
    method: 'POST',
    path: () => '/export/realm',
    params: () => ({ export_type: 1 }),
  },
  {
    name: 'exportRealm an unknown type',
    op: 'exportRealm',
    as: 'admin',
    method: 'POST',
    path: () => '/export/realm',
    params: () => ({ export_type: 3 }),
  },
  {
    // Answered so only while the organization made fewer than five exports in the last seven days.
    name: 'exportRealm with consent when no owner consented',
    op: 'exportRealm',
    as: 'admin',
    method: 'POST',
    path: () => '/export/realm',
    params: () => ({ export_type: 2 }),
  },
  {
    name: 'deleteRealmExport unknown',
    op: 'deleteRealmExport',
    as: 'admin',
    method: 'DELETE',
    path: () => '/export/realm/999999',
  },
  {
    name: 'getRealmExportConsents',
    op: 'getRealmExportConsents',
    as: 'admin',
    method: 'GET',
    path: () => '/export/realm/consents',
  },
  {
    name: 'getRealmExportConsents as member',
    op: 'getRealmExportConsents',
    as: 'member',
    method: 'GET',
    path: () => '/export/realm/consents',
  },
  {
    name: 'addCodePlayground',
    op: 'addCodePlayground',
    as: 'admin',
    method: 'POST',
    path: () => '/realm/playgrounds',
    params: playground,
  },
  {
    name: 'addCodePlayground as moderator',
    op: 'addCodePlayground',
    as: 'moderator',
    method: 'POST',
    path: () => '/realm/playgrounds',
    params: playground,
  },
  {
    name: 'addCodePlayground with characters Pygments never uses',
    op: 'addCodePlayground',
    as: 'admin',
    method: 'POST',
    path: () => '/realm/playgrounds',
    params: () => ({ ...playground(), pygments_language: 'Py<thon>' }),
  },
  {
    name: 'addCodePlayground without the code variable',
    op: 'addCodePlayground',
    as: 'admin',
    method: 'POST',
    path: () => '/realm/playgrounds',
    params: () => ({ ...playground(), url_template: 'https://play.example.com/?c={source}' }),
  },
  {
    name: 'addCodePlayground blank name and broken template',
    op: 'addCodePlayground',
    as: 'admin',
    method: 'POST',
    path: () => '/realm/playgrounds',
    params: () => ({ ...playground(), name: ' ', url_template: 'https://play.example.com/?c={code' }),
  },
  {
    name: 'addCodePlayground twice',
    op: 'addCodePlayground',
    as: 'admin',
    method: 'POST',
    path: async (api) => {
      const { name } = (await playgrounds(api)).find((p) => p.name.startsWith(PREFIX))!;
      duplicateName = name;
      return '/realm/playgrounds';
    },
    params: () => ({ ...playground(), name: duplicateName }),
  },
  {
    name: 'registerQueue realm_playgrounds',
    op: 'registerQueue',
    as: 'member',
    method: 'POST',
    path: () => '/register',
    params: () => ({ event_types: ['realm_playgrounds'], fetch_event_types: ['realm_playgrounds'] }),
  },
  {
    name: 'removeCodePlayground',
    op: 'removeCodePlayground',
    as: 'admin',
    method: 'DELETE',
    path: async (api) => `/realm/playgrounds/${await lastContractPlayground(api)}`,
  },
  {
    name: 'removeCodePlayground unknown',
    op: 'removeCodePlayground',
    as: 'admin',
    method: 'DELETE',
    path: () => '/realm/playgrounds/999999',
  },
];

/** The name the duplicate request reuses (its path, which runs first, finds it). */
let duplicateName = '';
