import { ActivatePage } from '../../features/back-office/ActivatePage';

/** /gestion/activar#<token> */
export function ActivateRoute() {
  return <ActivatePage />;
}
