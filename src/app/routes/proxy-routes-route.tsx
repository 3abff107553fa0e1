import { ProxyRoutesPage } from '../../features/proxy/proxy-routes-page';

export function ProxyRoutesRoute() {
  return <ProxyRoutesPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { ProxyRoutesRoute as Component };
