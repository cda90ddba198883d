import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { COMPLAINT_STATUSES, STATUS_CLOSED } from '@canal/shared';
import { Button } from '../../../components/Button';
import { errorMessage } from '../api/call';
import { type Milestone, type StatusChange, useCaseActions } from '../api/cases/case';
import { FormAlert } from '../components/FormAlert';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { statusChangeResolver, type StatusChangeForm as Values } from '../schemas';
import { CloseCaseDialog, openAtClosing } from './CloseCaseDialog';

/**
 * A new status with the comment the complainant reads; closing also asks for the resolution and,
 * when legal milestones stay open, a confirmation that names them (the API asks for it too).
 */
export function StatusChangeForm({
  caseId,
  current,
  milestones,
}: {
  caseId: number;
  current: string;
  milestones: readonly Milestone[];
}) {
  const { changeStatus } = useCaseActions(caseId);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: statusChangeResolver,
    defaultValues: { status: '' as Values['status'], comment: '', resolution: '' },
  });
  const closing = useWatch({ control: form.control, name: 'status' }) === STATUS_CLOSED;
  // A closing that waits for the person to confirm the milestones it leaves open.
  const [toConfirm, setToConfirm] = useState<StatusChange | null>(null);
  const { errors } = form.formState;
  const send = (change: StatusChange) =>
    changeStatus.mutate(change, {
      onSuccess: () => {
        setToConfirm(null);
        form.reset();
      },
    });
  const submit = form.handleSubmit((v) => {
    const change: StatusChange = {
      status: v.status,
      comment: v.comment.trim(),
      ...(v.status === STATUS_CLOSED ? { resolution: (v.resolution ?? '').trim() } : {}),
    };
    const open = v.status === STATUS_CLOSED ? openAtClosing(milestones) : [];
    if (open.length === 0) return send(change);
    changeStatus.reset();
    setToConfirm({ ...change, confirmedMilestones: open.map((m) => m.key) });
  });
  return (
    <>
      <form noValidate onSubmit={submit} aria-labelledby="cambio-estado" className="space-y-3">
        <h3 id="cambio-estado" className="text-lg font-bold text-secondary">
          Cambiar estado
        </h3>
        <SelectField
          label="Nuevo estado"
          error={errors.status?.message}
          {...form.register('status')}
        >
          <option value="">Elija un estado</option>
          {COMPLAINT_STATUSES.filter((s) => s !== current).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Comentario para la persona denunciante"
          hint="Lo verá en su bitácora y recibirá un aviso por correo (sin el texto)."
          error={errors.comment?.message}
          {...form.register('comment')}
        />
        {closing && (
          <TextAreaField
            label="Resolución"
            hint="Las conclusiones y medidas adoptadas; la persona denunciante también la verá."
            error={errors.resolution?.message}
            {...form.register('resolution')}
          />
        )}
        {changeStatus.isError && !toConfirm && (
          <FormAlert>{errorMessage(changeStatus.error)}</FormAlert>
        )}
        {changeStatus.isSuccess && <FormAlert tone="success">Estado actualizado.</FormAlert>}
        <Button type="submit" disabled={changeStatus.isPending}>
          {changeStatus.isPending ? 'Guardando…' : 'Cambiar estado'}
        </Button>
      </form>
      {toConfirm && (
        <CloseCaseDialog
          milestones={milestones}
          busy={changeStatus.isPending}
          error={changeStatus.isError ? errorMessage(changeStatus.error) : null}
          onCancel={() => setToConfirm(null)}
          onConfirm={() => send(toConfirm)}
        />
      )}
    </>
  );
}
