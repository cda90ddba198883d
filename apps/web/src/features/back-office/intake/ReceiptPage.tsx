import { Link, useLocation } from 'react-router';
import { CHANNEL_LABELS } from '@canal/shared';
import { Button } from '../../../components/Button';
import { paths } from '../../../config/paths';
import type { ActivationReceipt, IntakeReceipt } from '../api/intake';
import { dateTime } from '../components/format';
import { QrCode } from '../components/QrCode';

type Receipt = IntakeReceipt | ActivationReceipt;

/**
 * How the person sets their password: the single-use link as text and QR, and beside it the short
 * code to type with the case number on the portal's activation page (decision 0075); one
 * activation, one expiry.
 */
function ActivationBlock({ receipt }: { receipt: Receipt }) {
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-bold">Cree su contraseña</h2>
      <p>
        Tiene dos formas de crear su propia contraseña; sirven una sola vez y vencen el{' '}
        <strong>{dateTime(receipt.activationExpiresAt)}</strong>.
      </p>
      <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
        <QrCode
          value={receipt.activationUrl}
          alt="Código QR del enlace para crear su contraseña"
          fallback="No pudimos dibujar el código QR; use el código de activación o el enlace escrito."
        />
        <div className="space-y-2">
          <p>
            <strong>Con la cámara de su teléfono:</strong> escanee el código QR.
          </p>
          <p>
            <strong>O escribiendo:</strong> entre a{' '}
            <span className="font-mono break-all" data-testid="activation-page">
              {receipt.activationPage}
            </span>{' '}
            e ingrese el número de caso <strong>{receipt.caseNumber}</strong> y este código de
            activación:
          </p>
          <p
            className="inline-block rounded border-2 border-gray-800 px-3 py-1 font-mono text-3xl font-bold tracking-widest"
            data-testid="activation-code"
          >
            {receipt.activationCode}
          </p>
        </div>
      </div>
      <p className="text-sm">
        Enlace directo:{' '}
        <span className="font-mono break-all" data-testid="activation-link">
          <a href={receipt.activationUrl}>{receipt.activationUrl}</a>
        </span>
      </p>
      <p className="text-sm text-gray-700">
        Nadie del equipo conoce ni elige su contraseña.
        {receipt.kind === 'intake' && receipt.mailSent
          ? ' También enviamos un correo de confirmación con el código de seguimiento a la dirección que entregó.'
          : ''}
        {receipt.kind === 'reissue'
          ? ' Al crear su contraseña verá su código de seguimiento: anótelo. Los códigos y enlaces entregados antes ya no sirven.'
          : ''}
      </p>
    </div>
  );
}

/**
 * The receipt of a complaint recorded by staff, or of a new activation handed over in person, to
 * print and hand over: organisation, case number, (on the first one) code and date, and the
 * activation with its expiry. The activation exists only in the answer that issued it (the server
 * keeps its digests): the page cannot be reopened.
 */
export function ReceiptPage() {
  const location = useLocation();
  const receipt = (location.state as { receipt?: Receipt } | null)?.receipt;
  if (!receipt) {
    return (
      <section className="max-w-2xl space-y-4">
        <h1 className="text-2xl font-bold">Comprobante no disponible</h1>
        <p>
          El comprobante con el enlace y el código de activación se muestra una sola vez, al
          registrar la denuncia o al entregar una nueva activación. Por seguridad no se puede volver
          a abrir.
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
          {receipt.kind === 'intake'
            ? 'Comprobante de denuncia'
            : 'Nueva activación de su denuncia'}
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-semibold">Organización</dt>
          <dd>{receipt.organization.name}</dd>
          <dt className="font-semibold">Número de caso</dt>
          <dd data-testid="case-number">{receipt.caseNumber}</dd>
          {receipt.kind === 'intake' && (
            <>
              <dt className="font-semibold">Código de seguimiento</dt>
              <dd className="font-mono text-xl font-bold" data-testid="ticket">
                {receipt.ticket}
              </dd>
              <dt className="font-semibold">Fecha de registro</dt>
              <dd>{dateTime(receipt.recordedAt)}</dd>
              <dt className="font-semibold">Recibida en forma</dt>
              <dd>{CHANNEL_LABELS[receipt.channel].toLowerCase()}</dd>
            </>
          )}
        </dl>
        <ActivationBlock receipt={receipt} />
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
