import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { mergeFiles } from '../upload-rules';
import { canRecord, useVoiceRecording, VOICE_MESSAGES } from './use-voice-recording';

export interface VoiceRecorderProps {
  /** The files selected so far: the recording joins them, under the dropzone's rules. */
  files: File[];
  onChange(files: File[]): void;
  /** The recording was refused by the list's rules (ten files at most). */
  onRejected(names: string[]): void;
  /** The complaint is anonymous: the voice is distorted unless the person turns it off. */
  anonymous: boolean;
  disabled?: boolean;
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A name not yet in the list: «mensaje-de-voz-1.mp3», «mensaje-de-voz-2.mp3»… */
function voiceFileName(files: readonly File[]): string {
  const names = new Set(files.map((f) => f.name));
  let n = 1;
  while (names.has(`mensaje-de-voz-${n}.mp3`)) n++;
  return `mensaje-de-voz-${n}.mp3`;
}

/**
 * Records a voice message in the browser (issue 21, decision 0063): record, stop, listen, record
 * again, discard, and add it to the same list of files the dropzone feeds, as an MP3 that goes
 * through the same upload, encryption and metadata rules. The voice is distorted on the device
 * (on by default for an anonymous complaint, offered to everyone) and the person hears what will
 * be sent; the original never leaves the device. Where recording is impossible, it says so and
 * the written form stays as it is.
 */
export default function VoiceRecorderPanel({
  files,
  onChange,
  onRejected,
  anonymous,
  disabled = false,
}: VoiceRecorderProps) {
  const headingId = useId();
  const distortId = useId();
  const [choice, setChoice] = useState<boolean | null>(null);
  const distort = choice ?? anonymous;
  const { state, start, stop, discard } = useVoiceRecording(distort);
  const supported = canRecord();

  const add = () => {
    if (state.step !== 'ready') return;
    const file = new File([state.mp3], voiceFileName(files), { type: 'audio/mpeg' });
    const merged = mergeFiles(files, [file]);
    onChange(merged.files);
    if (merged.rejectedNames.length > 0) onRejected(merged.rejectedNames);
    discard();
  };

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-md border border-gray-300 p-4">
      <h3 id={headingId} className="font-semibold">
        Grabar un mensaje de voz (opcional)
      </h3>
      {!supported ? (
        <p className="mt-2 text-gray-700">{VOICE_MESSAGES.unsupported}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700">
            Puede relatar los hechos de viva voz. Escuchará la grabación antes de agregarla a los
            archivos adjuntos; se envía junto con la denuncia, cifrada como cualquier archivo.
          </p>
          <div className="mt-3 flex items-start gap-2">
            <input
              id={distortId}
              type="checkbox"
              className="mt-1 h-4 w-4"
              checked={distort}
              disabled={disabled || state.step === 'recording' || state.step === 'processing'}
              onChange={(event) => setChoice(event.target.checked)}
              aria-describedby={`${distortId}-ayuda`}
            />
            <div>
              <label htmlFor={distortId} className="font-semibold">
                Distorsionar mi voz
              </label>
              <p id={`${distortId}-ayuda`} className="text-sm text-gray-700">
                Cambia el tono y el timbre de su voz en este dispositivo antes de enviarla: la
                grabación original nunca sale de su equipo.
                {anonymous && !distort
                  ? ' Su denuncia es anónima: sin distorsión, su voz podría permitir identificarle.'
                  : ''}
              </p>
            </div>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {(state.step === 'idle' || state.step === 'failed') && (
              <Button variant="secondary" disabled={disabled} onClick={() => void start()}>
                Grabar
              </Button>
            )}
            {state.step === 'asking' && <p role="status">Esperando el permiso del micrófono…</p>}
            {state.step === 'recording' && (
              <>
                <p role="status" aria-live="polite">
                  Grabando… {clock(state.seconds)}
                </p>
                <Button onClick={stop}>Detener</Button>
              </>
            )}
            {state.step === 'processing' && (
              <p role="status">
                {distort ? 'Distorsionando y preparando la grabación…' : 'Preparando la grabación…'}
              </p>
            )}
          </div>
          {state.step === 'ready' && (
            <div className="mt-3 flex flex-col gap-3">
              <p>
                Escuche lo que se enviará ({clock(state.seconds)},{' '}
                {state.distorted ? 'con la voz distorsionada' : 'sin distorsión'}):
              </p>
              <audio controls src={state.url} aria-label="Grabación que se enviará" />
              <div className="flex flex-wrap gap-3">
                <Button disabled={disabled} onClick={add}>
                  Agregar a los archivos adjuntos
                </Button>
                <Button variant="secondary" disabled={disabled} onClick={() => void start()}>
                  Grabar de nuevo
                </Button>
                <Button variant="secondary" disabled={disabled} onClick={discard}>
                  Descartar
                </Button>
              </div>
            </div>
          )}
          {state.step === 'failed' && (
            <p
              role="alert"
              className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
            >
              {state.message}
            </p>
          )}
        </>
      )}
    </section>
  );
}
