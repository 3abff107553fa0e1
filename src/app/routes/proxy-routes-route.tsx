import { ProxyRoutesPage } from '../../features/proxy/proxy-routes-page';

export function ProxyRoutesRoute() {
  return <ProxyRoutesPage />;
}
