import { Link, useLocation } from 'react-router';
import { CHANNEL_LABELS } from '@canal/shared';
import { Button } from '../../../components/Button';
import { paths } from '../../../config/paths';
import type { IntakeReceipt } from '../api/intake';
import { dateTime } from '../components/format';
import { QrCode } from '../components/QrCode';

/**
 * The receipt of a complaint recorded by staff, to print and hand over: organisation, case number,
 * code, date and the single-use activation link with its expiry. The link exists only in the
 * answer that recorded the complaint (the server keeps its digest): the page cannot be reopened.
 */
export function ReceiptPage() {
  const location = useLocation();
  const receipt = (location.state as { receipt?: IntakeReceipt } | null)?.receipt;
  if (!receipt) {
    return (
      <section className="max-w-2xl space-y-4">
        <h1 className="text-2xl font-bold">Comprobante no disponible</h1>
        <p>
          El comprobante con el enlace de activación se muestra una sola vez, al registrar la
          denuncia. Por seguridad no se puede volver a abrir.
        </p>
        <Link className="font-semibold text-primary underline" to={paths.staffIntake()}>
          Registrar otra denuncia
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="receipt-title" className="max-w-2xl space-y-6">
      <div className="space-y-4 rounded-lg border border-gray-300 p-6 print:border-0 print:p-0">
        <h1 id="receipt-title" className="text-2xl font-bold">
          Comprobante de denuncia
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-semibold">Organización</dt>
          <dd>{receipt.organization.name}</dd>
          <dt className="font-semibold">Número de caso</dt>
          <dd>{receipt.caseNumber}</dd>
          <dt className="font-semibold">Código de seguimiento</dt>
          <dd className="font-mono text-xl font-bold" data-testid="ticket">
            {receipt.ticket}
          </dd>
          <dt className="font-semibold">Fecha de registro</dt>
          <dd>{dateTime(receipt.recordedAt)}</dd>
          <dt className="font-semibold">Recibida en forma</dt>
          <dd>{CHANNEL_LABELS[receipt.channel].toLowerCase()}</dd>
        </dl>
        <div className="space-y-2">
          <h2 className="text-lg font-bold">Cree su contraseña</h2>
          <p>
            Abra este enlace para crear su propia contraseña. Funciona una sola vez y vence el{' '}
            <strong>{dateTime(receipt.activationExpiresAt)}</strong>. Luego siga su denuncia en el
            portal con el código de seguimiento y su contraseña.
          </p>
          <p className="font-mono text-sm break-all" data-testid="activation-link">
            <a href={receipt.activationUrl}>{receipt.activationUrl}</a>
          </p>
          <p>O escanee este código con la cámara de su teléfono:</p>
          <QrCode
            value={receipt.activationUrl}
            alt="Código QR del enlace para crear su contraseña"
            fallback="No pudimos dibujar el código QR; use el enlace escrito arriba."
          />
          <p className="text-sm text-gray-700">
            Nadie del equipo conoce ni elige su contraseña.
            {receipt.mailSent
              ? ' También enviamos un correo de confirmación con el código a la dirección que entregó.'
              : ''}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button onClick={() => window.print()}>Imprimir comprobante</Button>
        <Link
          className="inline-flex min-h-11 items-center font-semibold text-primary underline"
          to={paths.staffCase(receipt.caseId)}
        >
          Ver el caso
        </Link>
      </div>
    </section>
  );
}
