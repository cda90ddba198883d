import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import {
  INBOX_PAGE_SIZE,
  INBOX_PARAMS,
  orderFromParams,
  pageFromParams,
  useInbox,
  withOffset,
  withOrder,
  type InboxSort,
} from './api/cases/inbox';
import { FormAlert } from './components/FormAlert';
import { Pager } from './components/Pager';
import { canChangeCases, useStaffUser } from './components/StaffUserContext';
import { UncoveredOrganizationsBanner } from './components/UncoveredOrganizationsBanner';
import { useQueryParams } from './components/useQueryParams';
import { CasesTable } from './inbox/CasesTable';
import { InboxFilters } from './inbox/InboxFilters';
import { RetaliationReports } from './inbox/RetaliationReports';
import { SavedViews } from './inbox/SavedViews';

/** /gestion: the cases the person may see, searched, filtered, sorted and paged on the server. */
export function InboxPage() {
  const [params, setParams] = useQueryParams();
  const inbox = useInbox(params);
  const user = useStaffUser();
  const order = orderFromParams(params);
  const { offset } = pageFromParams(params);

  /** A header pressed: sort by its column, ascending; pressed again, descending. Back to page 1. */
  const sortBy = (column: InboxSort) => {
    const direction = order.column === column && order.direction === 'asc' ? 'desc' : 'asc';
    setParams(withOrder(params, { column, direction }));
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-secondary">Bandeja de casos</h1>
        {canChangeCases(user) && (
          <Link
            to={paths.staffIntake()}
            className="inline-flex min-h-11 items-center rounded-md border border-primary px-4 font-semibold text-primary hover:bg-primary hover:text-white"
          >
            Registrar denuncia recibida por otro medio
          </Link>
        )}
      </div>
      <UncoveredOrganizationsBanner />
      <RetaliationReports />
      <SavedViews />
      <InboxFilters />
      {inbox.isError && <FormAlert>{errorMessage(inbox.error)}</FormAlert>}
      {inbox.isPending && <LoadingView />}
      {inbox.data && (
        <section aria-labelledby="resultados">
          <h2 id="resultados" className="mb-2 text-lg font-semibold" aria-live="polite">
            {inbox.data.total === 1 ? '1 caso' : `${inbox.data.total} casos`}
          </h2>
          {inbox.data.cases.length === 0 ? (
            <p>
              {params.get(INBOX_PARAMS.search)
                ? 'No hay casos que coincidan con la búsqueda y los filtros.'
                : 'No hay casos con estos filtros.'}
            </p>
          ) : (
            <CasesTable cases={inbox.data.cases} order={order} onSort={sortBy} />
          )}
          <Pager
            total={inbox.data.total}
            limit={INBOX_PAGE_SIZE}
            offset={offset}
            onChange={(next) => setParams(withOffset(params, next))}
            label="Páginas de la bandeja"
          />
        </section>
      )}
    </div>
  );
}
