import type { Milestone } from '../api/cases/case';
import { ConfirmDialog } from '../components/ConfirmDialog';

/**
 * The legal milestones closing the case would leave open, as the API counts them: every one not
 * done, but the one the closing itself records (decision 0013).
 */
export const openAtClosing = (milestones: readonly Milestone[]) =>
  milestones.filter((m) => m.state !== 'done' && !m.recordedByClosing);

function MilestoneList({ title, items }: { title: string; items: Milestone[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc space-y-1 pl-6">
        {items.map((m) => (
          <li key={m.key}>{m.name}</li>
        ))}
      </ul>
    </div>
  );
}

/** Asks to confirm a closing that leaves legal milestones open, naming each of them. */
export function CloseCaseDialog({
  milestones,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  milestones: readonly Milestone[];
  busy: boolean;
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const open = openAtClosing(milestones);
  const recorded = milestones.find((m) => m.recordedByClosing && m.state !== 'done');
  return (
    <ConfirmDialog
      title="¿Cerrar el caso con hitos legales abiertos?"
      label="Cerrar el caso"
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <MilestoneList
        title="Quedarán como no registrados:"
        items={open.filter((m) => !m.afterClosing)}
      />
      <MilestoneList
        title="Seguirán pendientes después del cierre, con avisos por correo hasta registrarlos:"
        items={open.filter((m) => m.afterClosing)}
      />
      {recorded && (
        <p>
          Al cerrar se registra «{recorded.name}» con la fecha de hoy; los plazos posteriores se
          cuentan desde esa fecha.
        </p>
      )}
    </ConfirmDialog>
  );
}
