import { BreachesPage } from '../../features/back-office/BreachesPage';
import { PrivacySettingsPage } from '../../features/back-office/PrivacySettingsPage';

/** /gestion/proteccion-datos */
export function PrivacySettingsRoute() {
  return <PrivacySettingsPage />;
}

/** /gestion/incidentes */
export function BreachesRoute() {
  return <BreachesPage />;
}
