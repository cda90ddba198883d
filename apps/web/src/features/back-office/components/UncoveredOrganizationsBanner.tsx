import { Link } from 'react-router';
import { ORGANIZATIONS } from '@canal/shared';
import { paths } from '../../../config/paths';
import { useAlertCoverage } from '../api/alert-rules';
import { isAdministrator, useStaffUser } from './StaffUserContext';

/** The organisations whose new complaints alert nobody, by short name, in the registry's order. */
export const uncoveredNames = (coverage: { organizationId: string; receivers: unknown[] }[]) =>
  coverage
    .filter((o) => o.receivers.length === 0)
    .map((o) => ORGANIZATIONS.find((org) => org.id === o.organizationId)?.shortName ?? '');

/**
 * Administrators are warned on the inbox while any organisation's new complaints reach nobody
 * (issue 22): its Law 21.643 cases would wait, protective measures due, with no one told.
 */
export function UncoveredOrganizationsBanner() {
  const user = useStaffUser();
  const admin = isAdministrator(user);
  const coverage = useAlertCoverage(admin);
  if (!admin || !coverage.data) return null;
  const names = uncoveredNames(coverage.data);
  if (names.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="sin-avisos"
      className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="sin-avisos" className="font-semibold">
        {names.length === 1
          ? 'Una organización no avisa a nadie de sus denuncias nuevas'
          : `${names.length} organizaciones no avisan a nadie de sus denuncias nuevas`}
      </h2>
      <p className="mt-1">
        Nadie recibe los avisos de: {names.join(', ')}. Sus denuncias nuevas, también las de la Ley
        N° 21.643 con medidas de resguardo para el mismo día, esperan sin que nadie lo sepa.
      </p>
      <p className="mt-1">
        Revise{' '}
        <Link to={paths.staffAlertRules()} className="font-semibold underline">
          quién recibe los avisos
        </Link>{' '}
        o asigne organizaciones en{' '}
        <Link to={paths.staffUsers()} className="font-semibold underline">
          Usuarios
        </Link>{' '}
        (una persona administradora sin organizaciones marcadas recibe los de todas).
      </p>
    </section>
  );
}
