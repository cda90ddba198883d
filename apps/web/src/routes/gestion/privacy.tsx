import { BreachesPage } from '../../features/back-office/BreachesPage';
import { NoticeTemplatesPage } from '../../features/back-office/NoticeTemplatesPage';
import { PrivacySettingsPage } from '../../features/back-office/PrivacySettingsPage';
import { SsoSettingsPage } from '../../features/back-office/SsoSettingsPage';

/** /gestion/proteccion-datos */
export function PrivacySettingsRoute() {
  return <PrivacySettingsPage />;
}

/** /gestion/incidentes */
export function BreachesRoute() {
  return <BreachesPage />;
}

/** /gestion/plantillas */
export function NoticeTemplatesRoute() {
  return <NoticeTemplatesPage />;
}

/** /gestion/inicio-unico */
export function SsoSettingsRoute() {
  return <SsoSettingsPage />;
}
