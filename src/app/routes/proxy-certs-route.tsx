import { ProxyCertsPage } from '../../features/proxy/proxy-certs-page';

export function ProxyCertsRoute() {
  return <ProxyCertsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { ProxyCertsRoute as Component };
