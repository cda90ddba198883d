import { StatsPage } from '../../features/back-office/StatsPage';

/** /gestion/estadisticas */
export function StatsRoute() {
  return <StatsPage />;
}
