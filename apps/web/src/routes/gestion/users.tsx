import { UsersPage } from '../../features/back-office/UsersPage';

/** /gestion/usuarios */
export function UsersRoute() {
  return <UsersPage />;
}
