import { AuditPage } from '../../features/back-office/AuditPage';

/** /gestion/auditoria */
export function AuditRoute() {
  return <AuditPage />;
}
