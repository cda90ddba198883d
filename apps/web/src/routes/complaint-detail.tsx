import { useParams } from 'react-router';
import { prepareZonedFormatter } from '@canal/shared';
import { ComplaintDetailPage } from '../features/follow-up/ComplaintDetailPage';
import { parseComplaintId } from '../features/follow-up/rules';
import { usePortalTabTitle } from '../lib/brand/use-tab-title';

// The log's times are Chile's: the zone's rules load while the page waits for the complaint, in a
// moment of its own, not in the long task that renders the log (issue 26).
if (typeof requestIdleCallback === 'function') requestIdleCallback(() => prepareZonedFormatter());

/** /detalle-denuncia/{id}: {id} is the ticket code (SPEC §2). */
export function ComplaintDetailRoute() {
  // Never the code: the browser's history keeps the title after "Salir".
  usePortalTabTitle('Resumen denuncia');
  const { id } = useParams();
  const complaintId = parseComplaintId(id);
  // Keyed by id so another complaint starts with a clean form.
  return <ComplaintDetailPage key={complaintId ?? 'sin-id'} id={complaintId} />;
}
