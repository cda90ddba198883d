import { AlertRulesPage } from '../../features/back-office/AlertRulesPage';

/** /gestion/avisos */
export function AlertRulesRoute() {
  return <AlertRulesPage />;
}
