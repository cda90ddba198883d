import { Button } from '../../../components/Button';
import { errorMessage } from '../api/call';
import {
  useCaseRetention,
  useRestrictionActions,
  type CaseRestriction,
  type CaseTombstone,
} from '../api/cases/retention';
import { FormAlert } from '../components/FormAlert';
import { civilDate, dateTime } from '../components/format';
import { isAdministrator, useStaffUser } from '../components/StaffUserContext';
import { CommentForm } from './CommentForm';

/** What stays of a case erased at the end of its retention period: no personal data. */
function Tombstone({ t }: { t: CaseTombstone }) {
  const rows: [string, string][] = [
    ['Número de caso', t.number],
    ['Organización', t.organization.name],
    ['Categoría', t.category ?? '—'],
    ['Tipo de denuncia', t.type ?? '—'],
    ['Estado final', t.status],
    ['Anónima', t.anonymous ? 'Sí' : 'No'],
    ['Recibida', civilDate(t.receivedOn)],
    ['Cerrada', civilDate(t.closedOn)],
    ['Eliminada', civilDate(t.erasedOn)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-semibold text-gray-700">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const standing = (what: string, r: CaseRestriction) =>
  `${what} desde ${dateTime(r.since)}${r.by ? `, por ${r.by}` : ''}. Motivo: ${r.reason}`;

/**
 * The case's retention (Law 21.719, decision 0046): when its period ends, the legal hold and the
 * block standing (administrators set and lift them, with a reason), or the tombstone of an erased
 * case. Shown on the case page, and in place of it when the case is erased or blocked.
 */
export function RetentionPanel({ id }: { id: number }) {
  const user = useStaffUser();
  const admin = isAdministrator(user);
  const query = useCaseRetention(id);
  const actions = useRestrictionActions(id);
  if (query.isError) return <FormAlert>{errorMessage(query.error)}</FormAlert>;
  if (!query.data) return null;
  const { tombstone, legalHold, block, dueOn } = query.data;
  if (tombstone)
    return (
      <div className="space-y-3">
        <p>
          Este caso fue eliminado al vencer su plazo de conservación. Queda solo este registro, sin
          datos personales, para las estadísticas y el registro de auditoría.
        </p>
        <Tombstone t={tombstone} />
      </div>
    );
  const lift = (kind: 'conservacion' | 'bloqueo', label: string) =>
    admin && (
      <Button
        variant="secondary"
        disabled={actions.lift.isPending}
        onClick={() => actions.lift.mutate(kind)}
      >
        {label}
      </Button>
    );
  return (
    <div className="space-y-4">
      <p>
        {dueOn
          ? `Plazo de conservación: el caso se eliminará el ${civilDate(dueOn)}${legalHold ? ', salvo que siga bajo retención legal' : ''}.`
          : 'El plazo de conservación corre desde el cierre del caso.'}
      </p>
      {legalHold && (
        <div className="space-y-2">
          <p>{standing('Bajo retención legal', legalHold)}</p>
          {lift('conservacion', 'Levantar la retención legal')}
        </div>
      )}
      {block && (
        <div className="space-y-2">
          <p>{standing('Bloqueado', block)}</p>
          {lift('bloqueo', 'Levantar el bloqueo')}
        </div>
      )}
      {actions.lift.isError && <FormAlert>{errorMessage(actions.lift.error)}</FormAlert>}
      {admin && !legalHold && (
        <CommentForm
          title="Retención legal"
          label="Motivo de la retención"
          hint="Por ejemplo, una demanda o una fiscalización de la Dirección del Trabajo. Mientras dure, el caso no se elimina."
          submitLabel="Poner bajo retención legal"
          successText="El caso quedó bajo retención legal."
          mutation={actions.hold}
        />
      )}
      {admin && !block && (
        <CommentForm
          title="Bloqueo"
          label="Motivo del bloqueo"
          hint="Por ejemplo, la solicitud de bloqueo de una persona. Nadie podrá ver ni exportar el contenido del caso hasta que se levante."
          submitLabel="Bloquear el caso"
          successText="El caso quedó bloqueado."
          mutation={actions.block}
        />
      )}
    </div>
  );
}
