import { useForm } from 'react-hook-form';
import { MASTER_LIST_LABELS, type MasterList } from '@canal/shared';
import { SelectField, TextAreaField } from '../../components/form/fields';
import { TextField } from '../../components/form/TextField';
import {
  type MasterData,
  type MasterItem,
  type MasterPlace,
  type MasterItemValues,
  type MasterType,
  useMasterDataActions,
} from './api/master-data';
import { FormAlert } from './components/FormAlert';
import { FormDialog } from './components/FormDialog';
import { masterItemResolver, type MasterItemForm } from './schemas';

/** A Law 21.643 element: its name and category are the law's. */
export const isLegal = (item: MasterItem) => 'legal' in item && (item as { legal: boolean }).legal;

/** Add (item null) or change an element of `list`. */
export function ItemDialog({
  data,
  list,
  item,
  onClose,
  onSaved,
}: {
  data: MasterData;
  list: MasterList;
  item: MasterItem | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { save } = useMasterDataActions(data.organizationId);
  const type = list === 'tipos' ? (item as MasterType | null) : null;
  const legal = item !== null && isLegal(item) && list === 'tipos';
  const form = useForm<MasterItemForm, unknown, MasterItemValues>({
    mode: 'onTouched',
    resolver: masterItemResolver,
    defaultValues: {
      organizationId: data.organizationId,
      list,
      name: item?.name ?? '',
      description: type?.description ?? '',
      group: type?.group ?? '',
      zoneId: list === 'lugares' && item ? (item as MasterPlace).zoneId : null,
      categoryId: type?.categoryId ?? null,
    },
  });
  const { errors } = form.formState;
  const numberOrNull = (v: unknown) => (v === '' || v === null ? null : Number(v));
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: item?.id ?? null, item: values },
      { onSuccess: () => onSaved(item ? 'Cambios guardados.' : 'Elemento agregado.') },
    ),
  );
  const title = `${item ? 'Modificar' : 'Agregar'}: ${MASTER_LIST_LABELS[list]}`;
  return (
    <FormDialog
      title={title}
      formId="dato-maestro-form"
      submitLabel={item ? 'Guardar cambios' : 'Agregar'}
      mutation={save}
      onSubmit={submit}
      onClose={onClose}
    >
      {legal && (
        <FormAlert tone="info">
          Tipo de denuncia de la Ley N° 21.643: su nombre y su categoría los fija la ley; puede
          cambiar su descripción y su grupo.
        </FormAlert>
      )}
      <TextField
        label="Nombre"
        readOnly={legal}
        error={errors.name?.message}
        {...form.register('name')}
      />
      {list === 'lugares' && (
        <SelectField
          label="Zona"
          error={errors.zoneId?.message}
          options={data.zones
            .filter((z) => z.active || z.id === (item as MasterPlace | null)?.zoneId)
            .map((z) => ({ value: z.id, label: z.name }))}
          {...form.register('zoneId', { setValueAs: numberOrNull })}
        />
      )}
      {list === 'tipos' && !legal && (
        <SelectField
          label="Categoría"
          error={errors.categoryId?.message}
          options={data.categories
            .filter((c) => !c.legal && (c.active || c.id === type?.categoryId))
            .map((c) => ({ value: c.id, label: c.name }))}
          {...form.register('categoryId', { setValueAs: numberOrNull })}
        />
      )}
      {list === 'tipos' && (
        <>
          <TextAreaField
            label="Descripción"
            rows={4}
            hint="El portal la muestra a quien elige el tipo de denuncia."
            error={errors.description?.message}
            {...form.register('description')}
          />
          <TextField
            label="Grupo (opcional)"
            error={errors.group?.message}
            {...form.register('group')}
          />
        </>
      )}
    </FormDialog>
  );
}
