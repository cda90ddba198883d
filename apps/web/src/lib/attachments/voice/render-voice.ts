// The recording as it will leave the device (decision 0063): decoded, mixed to mono at 44.1 kHz
// and, when asked, distorted with Web Audio in an OfflineAudioContext. Only what this returns is
// ever encoded and sent; the original stays in memory on the device until it is discarded.

/** The rate every rendering has (what the MP3 encoder is given). */
export const VOICE_RATE = 44_100;

/** Grains of 60 ms every 30 ms: two triangular windows overlap and add up to one. */
const GRAIN_S = 0.06;
const HOP_S = GRAIN_S / 2;

/**
 * How much the voice is shifted: pitch and formants together, down by 20–28 %, drawn afresh for
 * each rendering (never stored), so the factor to undo is not known.
 */
export function distortionFactor(random: () => number = secureRandom): number {
  return 0.72 + random() * 0.08;
}

function secureRandom(): number {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return n! / 2 ** 32;
}

/** Decodes the recorder's blob (WebM/Opus, Ogg or MP4, as the browser recorded it). */
export async function decodeRecording(blob: Blob): Promise<AudioBuffer> {
  const context = new OfflineAudioContext(1, 1, VOICE_RATE);
  return context.decodeAudioData(await blob.arrayBuffer());
}

/**
 * Renders `original` mono at 44.1 kHz. With a `factor`, each grain of the output plays the input
 * from the same instant at `factor` times its speed, under a triangular window: the duration
 * stays, while the pitch and the formants (the timbre that makes a voice recognisable) move by
 * `factor`; a low-pass at 4 kHz then takes off the fine detail of the voice.
 */
export async function renderVoice(
  original: AudioBuffer,
  factor: number | null,
): Promise<Float32Array> {
  const length = Math.max(1, Math.ceil(original.duration * VOICE_RATE));
  const context = new OfflineAudioContext(1, length, VOICE_RATE);
  if (factor === null) {
    const source = new AudioBufferSourceNode(context, { buffer: original });
    source.connect(context.destination);
    source.start();
  } else {
    const lowPass = new BiquadFilterNode(context, { type: 'lowpass', frequency: 4000, Q: 0.7 });
    lowPass.connect(context.destination);
    for (let at = -HOP_S; at < original.duration; at += HOP_S) {
      const start = Math.max(0, at);
      const source = new AudioBufferSourceNode(context, {
        buffer: original,
        playbackRate: factor,
      });
      const window = new GainNode(context, { gain: 0 });
      window.gain.setValueAtTime(0, start);
      window.gain.linearRampToValueAtTime(1, at + GRAIN_S / 2);
      window.gain.linearRampToValueAtTime(0, at + GRAIN_S);
      source.connect(window).connect(lowPass);
      source.start(start, start, GRAIN_S * factor);
      source.stop(at + GRAIN_S);
    }
  }
  const rendered = await context.startRendering();
  return rendered.getChannelData(0);
}
