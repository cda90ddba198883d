import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/Button';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { errorMessage } from '../api/call';
import { type CaseView, useCaseActions } from '../api/cases/case';
import { useUsers } from '../api/users';
import { FormAlert } from '../components/FormAlert';
import { dateTime } from '../components/format';
import { replacementAnswerResolver, type ReplacementAnswerForm } from '../schemas';
import {
  canChangeCases,
  isAdministrator,
  useStaffUser,
  worksOn,
} from '../components/StaffUserContext';

/**
 * The complainant's request to replace the investigator (decision 0022), as a task on the case
 * page: administrators and auditors read the reason, never the person it is about; an
 * administrator answers it. Accepting assigns the case to someone else; rejecting needs a reason
 * the complainant reads in their log.
 */
export function ReplacementRequestPanel({ view }: { view: CaseView }) {
  const request = view.replacementRequest;
  const { case: theCase } = view;
  const me = useStaffUser();
  const answers = isAdministrator(me) && request !== null && request.investigator?.id !== me.id;
  if (!request) return null;
  return (
    <section
      aria-labelledby="solicitud-reemplazo"
      className="space-y-3 rounded-lg border-2 border-amber-500 bg-amber-50 p-4 md:p-5"
    >
      <h2 id="solicitud-reemplazo" className="text-xl font-bold text-secondary">
        Solicitud de cambio de investigador/a por responder
      </h2>
      <p>
        La persona denunciante pidió el {dateTime(request.sentAt)} que el caso quede a cargo de otra
        persona
        {request.investigator ? ` (a cargo entonces: ${request.investigator.name})` : ''}.
      </p>
      {request.reason === null ? (
        <p className="text-sm text-gray-700">
          El motivo solo lo leen las personas que administran el canal y auditan.
        </p>
      ) : (
        <div>
          <h3 className="text-sm font-semibold text-gray-700">Motivo</h3>
          <p className="mt-1 whitespace-pre-wrap break-words rounded bg-white p-3">
            {request.reason}
          </p>
        </div>
      )}
      {answers && <AnswerForm theCase={theCase} investigatorId={request.investigator?.id} />}
    </section>
  );
}

function AnswerForm({
  theCase,
  investigatorId,
}: {
  theCase: CaseView['case'];
  investigatorId: number | undefined;
}) {
  const users = useUsers(true);
  const { answerReplacement } = useCaseActions(theCase.id);
  const form = useForm<ReplacementAnswerForm>({
    resolver: replacementAnswerResolver,
    defaultValues: { reason: '' },
  });
  const decision = useWatch({ control: form.control, name: 'decision' });
  const { errors } = form.formState;
  // Who may take the case, as the assignment offers them, but not who had it.
  const candidates = (users.data ?? []).filter(
    (u) =>
      u.active &&
      u.activated &&
      canChangeCases(u) &&
      worksOn(u, theCase.organization.id) &&
      !theCase.excluded.some((e) => e.id === u.id) &&
      u.id !== theCase.assignee?.id &&
      u.id !== investigatorId,
  );
  const submit = form.handleSubmit((v) =>
    answerReplacement.mutate(
      v.decision === 'aceptada'
        ? { decision: 'aceptada', userId: v.userId }
        : { decision: 'rechazada', reason: v.reason?.trim() },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Responder la solicitud">
      <fieldset className="space-y-1">
        <legend className="font-semibold">Respuesta</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="aceptada" {...form.register('decision')} />
          Acoger: asignar el caso a otra persona
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="rechazada" {...form.register('decision')} />
          Rechazar, con un motivo
        </label>
        {errors.decision && (
          <p role="alert" className="text-sm text-red-700">
            {errors.decision.message}
          </p>
        )}
      </fieldset>
      {decision === 'aceptada' && (
        <SelectField
          label="Nueva persona a cargo"
          error={errors.userId?.message}
          {...form.register('userId', {
            setValueAs: (v: string) => (v === '' ? undefined : Number(v)),
          })}
        >
          <option value="">Elija una persona</option>
          {candidates.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
      )}
      {decision === 'rechazada' && (
        <TextAreaField
          label="Motivo del rechazo"
          hint="La persona denunciante lo lee en su bitácora: escriba en lenguaje neutro, sin nombres."
          error={errors.reason?.message}
          {...form.register('reason')}
        />
      )}
      {answerReplacement.isError && <FormAlert>{errorMessage(answerReplacement.error)}</FormAlert>}
      <Button type="submit" disabled={answerReplacement.isPending}>
        {answerReplacement.isPending ? 'Guardando…' : 'Responder solicitud'}
      </Button>
    </form>
  );
}
