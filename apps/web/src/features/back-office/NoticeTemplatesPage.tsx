import { useState } from 'react';
import {
  NOTICE_TEMPLATE_KINDS,
  NOTICE_TEMPLATE_LABELS,
  NOTICE_TEMPLATE_MAX_LENGTH,
  noticeTemplateFormSchema,
  organizationById,
  type NoticeTemplateKind,
} from '@canal/shared';
import { Button } from '../../components/Button';
import { SelectField, TextAreaField } from '../../components/form/fields';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import {
  useNoticeTemplates,
  useSaveNoticeTemplate,
  type NoticeTemplate,
} from './api/notice-templates';
import { FormAlert } from './components/FormAlert';
import { dateTime } from './components/format';

/** One kind's text of one organisation, edited in place; saving says so, a refusal in words. */
function TemplateForm({ template }: { template: NoticeTemplate }) {
  const save = useSaveNoticeTemplate();
  const [text, setText] = useState(template.text);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const kind = template.kind as NoticeTemplateKind;
  const headingId = `plantilla-${kind}`;
  return (
    <form
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = noticeTemplateFormSchema.safeParse({ text });
        setSaved(false);
        if (!checked.success) return setError(checked.error.issues[0]!.message);
        setError(null);
        save.mutate(
          { organizationId: template.organizationId, kind, text: checked.data.text },
          { onSuccess: () => setSaved(true) },
        );
      }}
    >
      <h2 id={headingId} className="text-lg font-bold text-secondary">
        {NOTICE_TEMPLATE_LABELS[kind]}
      </h2>
      <TextAreaField
        label="Texto"
        rows={6}
        maxLength={NOTICE_TEMPLATE_MAX_LENGTH}
        value={text}
        error={error ?? undefined}
        hint={
          template.updatedAt
            ? `Modificada el ${dateTime(template.updatedAt)}.`
            : 'Texto predeterminado del canal: aún no se ha modificado.'
        }
        onChange={(event) => {
          setText(event.target.value);
          setSaved(false);
        }}
      />
      {save.isError && <FormAlert>{errorMessage(save.error)}</FormAlert>}
      {saved && <FormAlert tone="success">Plantilla guardada.</FormAlert>}
      <Button type="submit" disabled={save.isPending || text === template.text}>
        Guardar plantilla
      </Button>
    </form>
  );
}

/**
 * /gestion/plantillas (administrators): the texts the complainant must be told — the decision,
 * the investigator's designation, the conclusions and the protective measures — per
 * organisation (decision 0070). Recording the milestone or replying starts from them; the
 * investigator can still change every word. Each change is audited.
 */
export function NoticeTemplatesPage() {
  const templates = useNoticeTemplates();
  const organizations = [...new Set((templates.data ?? []).map((t) => t.organizationId))];
  const [chosen, setChosen] = useState('');
  const organization = chosen || organizations[0] || '';
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Plantillas de avisos</h1>
      <p className="max-w-3xl text-gray-700">
        Los textos con que se informa a la persona denunciante la decisión de investigar o derivar,
        quién investiga, las conclusiones y las medidas de resguardo. Al registrar el hito o
        responder, el formulario parte de la plantilla y la persona investigadora puede cambiarla
        antes de enviar. Escriba <code>{'{numero_caso}'}</code> donde va el número del caso y{' '}
        <code>{'{persona_investigadora}'}</code> donde va el nombre de quien investiga. Cada cambio
        queda en el registro de auditoría.
      </p>
      {templates.isError && <FormAlert>{errorMessage(templates.error)}</FormAlert>}
      {templates.isPending && <LoadingView />}
      {templates.data && (
        <>
          <SelectField
            label="Organización"
            value={organization}
            onChange={(event) => setChosen(event.target.value)}
            className="max-w-md"
          >
            {organizations.map((id) => (
              <option key={id} value={id}>
                {organizationById(id).shortName}
              </option>
            ))}
          </SelectField>
          {NOTICE_TEMPLATE_KINDS.map((kind) => {
            const template = templates.data.find(
              (t) => t.organizationId === organization && t.kind === kind,
            );
            return template && <TemplateForm key={`${organization} ${kind}`} template={template} />;
          })}
        </>
      )}
    </div>
  );
}
