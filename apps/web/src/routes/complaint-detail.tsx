import { useParams } from 'react-router';
import { ComplaintDetailPage } from '../features/follow-up/ComplaintDetailPage';
import { parseComplaintId } from '../features/follow-up/rules';
import { usePortalTabTitle } from '../lib/brand/use-tab-title';

/** /detalle-denuncia/{id}: {id} is the ticket code (SPEC §2). */
export function ComplaintDetailRoute() {
  // Never the code: the browser's history keeps the title after "Salir".
  usePortalTabTitle('Resumen denuncia');
  const { id } = useParams();
  const complaintId = parseComplaintId(id);
  // Keyed by id so another complaint starts with a clean form.
  return <ComplaintDetailPage key={complaintId ?? 'sin-id'} id={complaintId} />;
}
