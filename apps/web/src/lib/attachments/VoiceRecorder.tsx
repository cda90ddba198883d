import { lazy, Suspense } from 'react';
import type { VoiceRecorderProps } from './voice/VoiceRecorderPanel';

export type { VoiceRecorderProps };

// The recorder and its MP3 encoder arrive in their own chunks, when the area shows (DESIGN §7).
const VoiceRecorderPanel = lazy(() => import('./voice/VoiceRecorderPanel'));

/** Records a voice message and adds it, as an MP3, to the attachments (decision 0063). */
export function VoiceRecorder(props: VoiceRecorderProps) {
  return (
    <Suspense fallback={<p className="mt-4 text-gray-700">Cargando la grabadora de voz…</p>}>
      <VoiceRecorderPanel {...props} />
    </Suspense>
  );
}
