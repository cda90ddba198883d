import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/Button';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { errorMessage } from '../api/call';
import { useCaseActions } from '../api/cases/case';
import { useCategories } from '../api/categories';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormAlert } from '../components/FormAlert';
import { reclassificationResolver, type ReclassificationForm as Values } from '../schemas';

/**
 * A new type for the case, with the reason (the internal log keeps it): the legal deadlines
 * become the new type's, counted from receipt. Offered on an open case to those who may change it.
 */
export function ReclassifyForm({
  caseId,
  organizationId,
  currentTypeId,
}: {
  caseId: number;
  organizationId: string;
  currentTypeId: number;
}) {
  const { reclassify } = useCaseActions(caseId);
  const categories = useCategories(organizationId);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: reclassificationResolver,
    defaultValues: { reason: '' },
  });
  const { errors } = form.formState;
  // A valid form asks to confirm first: the change moves every legal deadline of the case.
  const [confirming, setConfirming] = useState<Values | null>(null);
  const submit = form.handleSubmit((v) => {
    reclassify.reset();
    setConfirming(v);
  });
  const send = (v: Values) =>
    reclassify.mutate(
      { typeId: v.typeId, reason: v.reason.trim() },
      {
        onSuccess: () => {
          setConfirming(null);
          form.reset();
        },
      },
    );
  const typeName = (id: number) =>
    (categories.data ?? []).flatMap((c) => c.crimes).find((t) => t.id === id)?.title ?? `N° ${id}`;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="cambio-tipo" className="space-y-3">
      <h3 id="cambio-tipo" className="text-lg font-bold text-secondary">
        Cambiar tipo de denuncia
      </h3>
      <SelectField
        label="Nuevo tipo"
        error={errors.typeId?.message}
        {...form.register('typeId', {
          setValueAs: (v: string) => (v === '' ? undefined : Number(v)),
        })}
      >
        <option value="">Elija un tipo</option>
        {(categories.data ?? []).map((c) => (
          <optgroup key={c.id} label={c.title}>
            {c.crimes
              .filter((t) => t.id !== currentTypeId)
              .map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
          </optgroup>
        ))}
      </SelectField>
      <TextAreaField
        label="Motivo del cambio"
        hint="Queda en la bitácora interna. Los plazos legales pasan a ser los del nuevo tipo, contados desde el ingreso de la denuncia."
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      {confirming && (
        <ConfirmDialog
          title="¿Cambiar el tipo de denuncia?"
          label="Cambiar tipo"
          busy={reclassify.isPending}
          error={reclassify.isError ? errorMessage(reclassify.error) : null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => send(confirming)}
        >
          <p>
            De «{typeName(currentTypeId)}» a «{typeName(confirming.typeId)}». Los plazos legales
            pasan a ser los del nuevo tipo, contados desde el ingreso de la denuncia, y el cambio
            queda en la bitácora interna con su motivo.
          </p>
        </ConfirmDialog>
      )}
      {reclassify.isSuccess && <FormAlert tone="success">Tipo de denuncia actualizado.</FormAlert>}
      <Button type="submit" disabled={reclassify.isPending}>
        {reclassify.isPending ? 'Guardando…' : 'Cambiar tipo'}
      </Button>
    </form>
  );
}
