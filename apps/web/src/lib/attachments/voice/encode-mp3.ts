// MP3 is the audio type the channel accepts (packages/shared/src/files.ts): the recording is
// encoded in the browser with a maintained LAME port, loaded only when a recording is encoded.

/** A spoken message needs no more: 64 kbit/s mono is about 0.5 MB a minute. */
const KBPS = 64;
const FRAME = 1152;

/** Encodes mono samples in [-1, 1] at `sampleRate` as an MP3 file (MPEG-1 Layer III). */
export async function encodeMp3(samples: Float32Array, sampleRate: number): Promise<Blob> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, sampleRate, KBPS);
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    pcm[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + FRAME));
    if (chunk.length > 0) parts.push(new Uint8Array(chunk));
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(new Uint8Array(tail));
  return new Blob(parts as BlobPart[], { type: 'audio/mpeg' });
}
