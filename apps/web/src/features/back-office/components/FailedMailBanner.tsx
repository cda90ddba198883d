import { useFailedMails } from '../api/failed-mails';
import { dateTime } from './format';
import { isAdministrator, useStaffUser } from './StaffUserContext';

/**
 * Administrators are told when the outbox gave a message up for good (issue 9): a banner with the
 * most recent ones (kind and time only; never the recipient).
 */
export function FailedMailBanner() {
  const user = useStaffUser();
  const admin = isAdministrator(user);
  const query = useFailedMails(admin);
  if (!admin || !query.data || query.data.total === 0) return null;
  const { total, mails } = query.data;
  return (
    <section
      role="alert"
      aria-label="Correos no entregados"
      className="mb-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <p className="font-semibold">
        {total === 1
          ? '1 correo no se pudo entregar después de todos los intentos.'
          : `${total} correos no se pudieron entregar después de todos los intentos.`}
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {mails.slice(0, 5).map((m) => (
          <li key={m.id}>
            {m.kind} · {m.attempts} intentos · {dateTime(m.failedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
