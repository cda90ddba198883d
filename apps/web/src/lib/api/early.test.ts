import { describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly } from './early';

describe('requests a route starts early (decision 0026)', () => {
  it('hands the started request over once, then asks again', async () => {
    const request = vi.fn(async () => 'lista');
    startEarly('k', request);
    expect(request).toHaveBeenCalledTimes(1);
    expect(await takeEarly('k', request)).toBe('lista');
    expect(request).toHaveBeenCalledTimes(1);
    await takeEarly('k', request);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('keeps a failure for the screen that takes it', async () => {
    startEarly('falla', () => Promise.reject(new Error('sin conexión')));
    await expect(takeEarly('falla', async () => 'otra')).rejects.toThrow('sin conexión');
  });
});
