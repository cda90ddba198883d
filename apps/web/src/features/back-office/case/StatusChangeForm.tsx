import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { COMPLAINT_STATUSES } from '@canal/shared';
import { Button } from '../../../components/Button';
import { errorMessage } from '../api/client';
import { useCaseActions } from '../api/hooks';
import type { StatusChange } from '../api/client';
import { FormAlert } from '../components/FormAlert';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { CLOSED_STATUS, statusChangeSchema, type StatusChangeForm as Values } from '../schemas';

/** A new status with the comment the complainant reads; closing also asks for the resolution. */
export function StatusChangeForm({ caseId, current }: { caseId: number; current: string }) {
  const { changeStatus } = useCaseActions(caseId);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(statusChangeSchema),
    defaultValues: { estado: '' as Values['estado'], comentario: '', resolucion: '' },
  });
  const closing = useWatch({ control: form.control, name: 'estado' }) === CLOSED_STATUS;
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) => {
    const change: StatusChange = {
      estado: v.estado,
      comentario: v.comentario.trim(),
      ...(v.estado === CLOSED_STATUS ? { resolucion: (v.resolucion ?? '').trim() } : {}),
    };
    changeStatus.mutate(change, { onSuccess: () => form.reset() });
  });
  return (
    <form noValidate onSubmit={submit} aria-labelledby="cambio-estado" className="space-y-3">
      <h3 id="cambio-estado" className="text-lg font-bold text-secondary">
        Cambiar estado
      </h3>
      <SelectField label="Nuevo estado" error={errors.estado?.message} {...form.register('estado')}>
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
        error={errors.comentario?.message}
        {...form.register('comentario')}
      />
      {closing && (
        <TextAreaField
          label="Resolución"
          hint="Las conclusiones y medidas adoptadas; la persona denunciante también la verá."
          error={errors.resolucion?.message}
          {...form.register('resolucion')}
        />
      )}
      {changeStatus.isError && <FormAlert>{errorMessage(changeStatus.error)}</FormAlert>}
      {changeStatus.isSuccess && <FormAlert tone="success">Estado actualizado.</FormAlert>}
      <Button type="submit" disabled={changeStatus.isPending}>
        {changeStatus.isPending ? 'Guardando…' : 'Cambiar estado'}
      </Button>
    </form>
  );
}
