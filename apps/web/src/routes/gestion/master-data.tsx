import { MasterDataPage } from '../../features/back-office/MasterDataPage';

/** /gestion/datos-maestros */
export function MasterDataRoute() {
  return <MasterDataPage />;
}
