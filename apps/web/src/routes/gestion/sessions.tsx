import { SessionsPage } from '../../features/back-office/SessionsPage';

/** /gestion/sesiones */
export function SessionsRoute() {
  return <SessionsPage />;
}
