import { DataRequestsPage } from '../../features/back-office/data-requests/DataRequestsPage';

/** /gestion/solicitudes-datos */
export function DataRequestsRoute() {
  return <DataRequestsPage />;
}
