import { IntakePage } from '../../features/back-office/intake/IntakePage';
import { ReceiptPage } from '../../features/back-office/intake/ReceiptPage';

/** /gestion/registrar-denuncia */
export function IntakeRoute() {
  return <IntakePage />;
}

/** /gestion/registrar-denuncia/comprobante */
export function IntakeReceiptRoute() {
  return <ReceiptPage />;
}
