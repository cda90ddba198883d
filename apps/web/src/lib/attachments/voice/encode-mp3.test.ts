// @vitest-environment node
import { isAllowedFileName } from '@canal/shared';
import { describe, expect, it } from 'vitest';
import { encodeMp3 } from './encode-mp3';
import { distortionFactor, VOICE_RATE } from './render-voice';

describe('the recording as an MP3', () => {
  it('encodes a second of mono samples as MPEG-1 Layer III frames at 64 kbit/s', async () => {
    const samples = Float32Array.from(
      { length: VOICE_RATE },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / VOICE_RATE),
    );
    const mp3 = await encodeMp3(samples, VOICE_RATE);
    expect(mp3.type).toBe('audio/mpeg');
    const bytes = new Uint8Array(await mp3.arrayBuffer());
    // Frame sync, MPEG-1, Layer III (what the API's magic-byte check of .mp3 reads).
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xfe).toBe(0xfa);
    // 64 kbit/s for one second: about 8 KB.
    expect(bytes.length).toBeGreaterThan(7000);
    expect(bytes.length).toBeLessThan(10000);
    expect(isAllowedFileName('mensaje-de-voz-1.mp3')).toBe(true);
  });

  it('draws the distortion from a range that always lowers the voice, never the same twice by rule', () => {
    expect(distortionFactor(() => 0)).toBeCloseTo(0.72);
    expect(distortionFactor(() => 0.999)).toBeLessThan(0.8);
    const drawn = new Set(Array.from({ length: 20 }, () => distortionFactor()));
    expect(drawn.size).toBeGreaterThan(1);
    for (const f of drawn) expect(f).toBeGreaterThanOrEqual(0.72);
  });
});
