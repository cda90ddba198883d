import { useCallback, useEffect, useRef, useState } from 'react';
import { decodeRecording, distortionFactor, renderVoice, VOICE_RATE } from './render-voice';
import { encodeMp3 } from './encode-mp3';

/** The longest message: five minutes (a longer story fits better in the written description). */
export const MAX_RECORDING_SECONDS = 300;

export const VOICE_MESSAGES = {
  unsupported:
    'Su navegador no permite grabar audio desde esta página. Puede escribir su relato en el formulario o adjuntar un archivo de audio MP3 grabado en otro dispositivo.',
  denied:
    'No se pudo usar el micrófono porque el permiso fue denegado. Para grabar, permita el uso del micrófono en la configuración de su navegador y vuelva a intentarlo. También puede escribir su relato en el formulario.',
  noMicrophone:
    'No se encontró un micrófono en este dispositivo. Puede escribir su relato en el formulario o adjuntar un archivo de audio MP3.',
  failed:
    'No fue posible preparar la grabación. Intente grabar nuevamente o escriba su relato en el formulario.',
} as const;

export type VoiceState =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'recording'; seconds: number }
  | { step: 'processing' }
  | { step: 'ready'; mp3: Blob; url: string; distorted: boolean; seconds: number }
  | { step: 'failed'; message: string };

/** Whether this browser can record at all (no MediaRecorder or no microphone API: Tor Browser). */
export const canRecord = () =>
  typeof MediaRecorder !== 'undefined' &&
  typeof navigator !== 'undefined' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function' &&
  typeof OfflineAudioContext !== 'undefined';

function refusalMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return VOICE_MESSAGES.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return VOICE_MESSAGES.noMicrophone;
  return VOICE_MESSAGES.failed;
}

/**
 * Records a voice message with MediaRecorder and prepares what would be sent: the recording
 * decoded, rendered (distorted when `distort`) and encoded as MP3, with a link to listen to it.
 * The original recording and its decoding stay in this hook's memory, on the device, and are
 * dropped when the message is discarded, recorded again or added (decision 0063).
 */
export function useVoiceRecording(distort: boolean) {
  const [state, setState] = useState<VoiceState>({ step: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const decoded = useRef<AudioBuffer | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const url = state.step === 'ready' ? state.url : null;

  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
      recorder.current?.stream.getTracks().forEach((t) => t.stop());
    },
    [],
  );

  const prepare = useCallback(async (withDistortion: boolean) => {
    const original = decoded.current;
    if (!original) return;
    setState({ step: 'processing' });
    try {
      const samples = await renderVoice(original, withDistortion ? distortionFactor() : null);
      const mp3 = await encodeMp3(samples, VOICE_RATE);
      // Recorded again or discarded meanwhile: this rendering is not wanted any more.
      if (decoded.current !== original) return;
      setState({
        step: 'ready',
        mp3,
        url: URL.createObjectURL(mp3),
        distorted: withDistortion,
        seconds: Math.round(original.duration),
      });
    } catch {
      setState({ step: 'failed', message: VOICE_MESSAGES.failed });
    }
  }, []);

  // What the recorder's stop handler reads when the recording is ready to be rendered.
  const distortRef = useRef(distort);
  useEffect(() => {
    distortRef.current = distort;
  }, [distort]);

  const start = useCallback(async () => {
    decoded.current = null;
    setState({ step: 'asking' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState({ step: 'failed', message: refusalMessage(error) });
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream);
    recorder.current = media;
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      if (timer.current) clearInterval(timer.current);
      stream.getTracks().forEach((t) => t.stop());
      recorder.current = null;
      const original = new Blob(chunks, { type: media.mimeType });
      void decodeRecording(original).then(
        (buffer) => {
          decoded.current = buffer;
          return prepare(distortRef.current);
        },
        () => setState({ step: 'failed', message: VOICE_MESSAGES.failed }),
      );
    };
    media.start(1000);
    const began = Date.now();
    setState({ step: 'recording', seconds: 0 });
    timer.current = setInterval(() => {
      const seconds = Math.floor((Date.now() - began) / 1000);
      setState({ step: 'recording', seconds });
      if (seconds >= MAX_RECORDING_SECONDS) media.stop();
    }, 250);
  }, [prepare]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const discard = useCallback(() => {
    decoded.current = null;
    setState({ step: 'idle' });
  }, []);

  // Turning the distortion on or off renders the kept recording again, to be heard before sending.
  const ready = state.step === 'ready';
  const renderedDistorted = ready ? state.distorted : distort;
  useEffect(() => {
    if (ready && renderedDistorted !== distort) void prepare(distort);
  }, [ready, renderedDistorted, distort, prepare]);

  return { state, start, stop, discard };
}
