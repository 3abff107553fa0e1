import { ProxyTrafficPage } from '../../features/proxy/proxy-traffic-page';

export function ProxyTrafficRoute() {
  return <ProxyTrafficPage />;
}
