import { DATA_REQUEST_DECISIONS, DATA_REQUEST_TEXT_MAX } from '@canal/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form/TextField';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { errorMessage } from '../api/call';
import {
  useAccessAnswerPreview,
  useDataRequest,
  useDataRequestActions,
  type DataRequestAnswer,
  type DataRequestView,
} from '../api/data-requests';
import { FormAlert } from '../components/FormAlert';
import { isAdministrator, useStaffUser } from '../components/StaffUserContext';
import {
  ClockBadge,
  DATA_REQUEST_CHANNEL_LABELS,
  DATA_REQUEST_DECISION_LABELS,
  DATA_REQUESTER_LABELS,
  DATA_RIGHT_LABELS,
  day,
} from './labels';

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="whitespace-pre-wrap">{value ?? '—'}</dd>
    </div>
  );
}

/**
 * An access answer for anyone but the complainant: what it would contain and what it withholds,
 * and why, shown before anything is sent (issue 19).
 */
function AccessPreview({ id, onUse }: { id: number; onUse: (text: string) => void }) {
  const preview = useAccessAnswerPreview(id, true);
  if (preview.isError) return <FormAlert>{errorMessage(preview.error)}</FormAlert>;
  if (!preview.data) return <p>Preparando la vista previa…</p>;
  const { included, withheld, text } = preview.data;
  return (
    <section aria-labelledby="vista-previa" className="flex flex-col gap-3 rounded-md border p-3">
      <h3 id="vista-previa" className="font-semibold">
        Vista previa de la respuesta de acceso
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h4 className="font-semibold text-green-800">Qué contendría</h4>
          {included.map((s) => (
            <div key={s.title} className="mt-2">
              <p className="font-semibold">{s.title}</p>
              <ul className="list-disc pl-5 text-sm">
                {s.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div>
          <h4 className="font-semibold text-red-800">Qué se retiene y por qué</h4>
          <ul className="mt-2 flex flex-col gap-2 text-sm">
            {withheld.map((w) => (
              <li key={w.what}>
                <p className="font-semibold">{w.what}</p>
                <p>{w.why}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div>
        <Button variant="secondary" onClick={() => onUse(text)}>
          Usar este texto en la respuesta
        </Button>
      </div>
    </section>
  );
}

function Answer({ request }: { request: DataRequestView }) {
  const { answer, extend } = useDataRequestActions();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const access = request.right === 'acceso' && request.requester !== 'denunciante';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const f = new FormData(event.currentTarget);
    const reply = {
      decision: String(f.get('decision') ?? ''),
      decisionReason: String(f.get('decisionReason') ?? ''),
      answer: text,
    } as DataRequestAnswer;
    try {
      setDone((await answer.mutateAsync({ id: request.id, answer: reply })).message);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function onExtend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    try {
      setDone((await extend.mutateAsync({ id: request.id, extension: { reason } })).message);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {access && <AccessPreview id={request.id} onUse={setText} />}
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        <SelectField
          label="Decisión"
          name="decision"
          options={DATA_REQUEST_DECISIONS.map((d) => ({
            value: d,
            label: DATA_REQUEST_DECISION_LABELS[d],
          }))}
        />
        <TextAreaField
          label="Fundamento de la decisión"
          name="decisionReason"
          rows={2}
          maxLength={DATA_REQUEST_TEXT_MAX}
        />
        <TextAreaField
          label="Respuesta que se envía"
          rows={8}
          maxLength={DATA_REQUEST_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          hint={
            request.requester === 'denunciante'
              ? 'Llega a la bitácora de la persona denunciante, con un correo que no dice su contenido.'
              : 'Nunca incluya datos que identifiquen a la persona denunciante: la respuesta se rechaza si los contiene.'
          }
        />
        <div>
          <Button type="submit" disabled={answer.isPending}>
            Registrar respuesta
          </Button>
        </div>
      </form>
      {!request.extended && (
        <form
          onSubmit={(e) => void onExtend(e)}
          noValidate
          className="flex flex-wrap items-end gap-2"
        >
          <TextField label="Motivo de la prórroga" name="reason" className="grow" maxLength={500} />
          <Button type="submit" variant="secondary" disabled={extend.isPending}>
            Prorrogar el plazo (una vez)
          </Button>
        </form>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      {done && <FormAlert tone="success">{done}</FormAlert>}
    </div>
  );
}

/** One request of the register: what was asked, its clock, and its answer or the forms to give it. */
export function DataRequestDetail({ id }: { id: number }) {
  const user = useStaffUser();
  const query = useDataRequest(id);
  if (query.isError) return <FormAlert>{errorMessage(query.error)}</FormAlert>;
  const r = query.data;
  if (!r) return <p>Cargando la solicitud…</p>;
  return (
    <section
      aria-labelledby="solicitud-detalle"
      className="flex flex-col gap-4 rounded-md border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="solicitud-detalle" className="text-lg font-bold">
          Solicitud N° {r.id}: {DATA_RIGHT_LABELS[r.right]}
        </h2>
        <ClockBadge clock={r.clock} dueOn={r.dueOn} />
      </div>
      <dl className="grid gap-3 md:grid-cols-3">
        <Fact label="Quién solicita" value={`${r.name} (${DATA_REQUESTER_LABELS[r.requester]})`} />
        <Fact label="Contacto" value={r.contact} />
        <Fact label="Medio" value={DATA_REQUEST_CHANNEL_LABELS[r.channel]} />
        <Fact label="Recibida" value={day(r.receivedOn)} />
        <Fact label="Vence" value={day(r.dueOn)} />
        <Fact label="Prórroga" value={r.extensionReason} />
        <Fact label="Registrada por" value={r.recordedBy ?? 'La persona, desde el canal'} />
      </dl>
      <Fact label="Qué pide" value={r.detail} />
      <p>
        Casos:{' '}
        {r.cases.length === 0
          ? 'ninguno'
          : r.cases.map((c, i) => (
              <span key={c.id}>
                {i > 0 && ', '}
                <Link to={paths.staffCase(c.id)} className="text-primary underline">
                  {c.number}
                </Link>
              </span>
            ))}
      </p>
      {r.answeredAt ? (
        <dl className="grid gap-3">
          <Fact label="Decisión" value={r.decision && DATA_REQUEST_DECISION_LABELS[r.decision]} />
          <Fact label="Fundamento" value={r.decisionReason} />
          <Fact label="Respuesta enviada" value={r.answer} />
          <Fact label="Respondida por" value={r.answeredBy} />
        </dl>
      ) : isAdministrator(user) ? (
        <Answer request={r} />
      ) : null}
    </section>
  );
}
