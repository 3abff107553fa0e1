import { ProxyCertsPage } from '../../features/proxy/proxy-certs-page';

export function ProxyCertsRoute() {
  return <ProxyCertsPage />;
}
