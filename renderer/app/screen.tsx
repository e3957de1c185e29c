import { PageHeader } from '../components';
import { routeHref, type Route } from '../lib';
import { AccessView, ActivityView, AgentsView, CatalogView, DeviceLoginView, ServiceView, SettingsView } from '../views';

export function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'catalog':
      return <CatalogView />;
    case 'service':
      return <ServiceView key={route.server} server={route.server} tab={route.tab} tool={route.tool} />;
    case 'login':
      return <DeviceLoginView key={route.server} server={route.server} />;
    case 'agents':
      return <AgentsView />;
    case 'activity':
      return <ActivityView />;
    case 'settings':
      return <SettingsView />;
    case 'access':
      return <AccessView />;
    case 'missing':
      return (
        <section>
          <PageHeader title="Nothing here" />
          <p>
            This address does not lead to a screen. <a href={routeHref({ screen: 'catalog' })}>Go to your services</a>
          </p>
        </section>
      );
  }
}
