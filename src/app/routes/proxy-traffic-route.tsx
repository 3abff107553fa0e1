import { ProxyTrafficPage } from '../../features/proxy/proxy-traffic-page';

export function ProxyTrafficRoute() {
  return <ProxyTrafficPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { ProxyTrafficRoute as Component };
