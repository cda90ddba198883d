import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterPaint } from './AfterPaint';

afterEach(() => vi.restoreAllMocks());

/** Runs the frame callbacks queued so far, as the browser does at its next frame. */
function frames() {
  const queued: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    queued.push(callback);
    return queued.length;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
  return () => act(() => queued.splice(0).forEach((callback) => callback(performance.now())));
}

describe('AfterPaint', () => {
  it('shows the fallback for the frame that paints it, and the children from the next', () => {
    const nextFrame = frames();
    render(
      <AfterPaint fallback={<p>Cargando</p>}>
        <p>Formulario</p>
      </AfterPaint>,
    );
    expect(screen.getByText('Cargando')).toBeInTheDocument();
    nextFrame();
    // The frame that painted the fallback: not yet.
    expect(screen.queryByText('Formulario')).not.toBeInTheDocument();
    nextFrame();
    expect(screen.getByText('Formulario')).toBeInTheDocument();
    expect(screen.queryByText('Cargando')).not.toBeInTheDocument();
  });

  it('shows the children at once in a tab that paints nothing (hidden)', () => {
    frames();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    render(
      <AfterPaint fallback={<p>Cargando</p>}>
        <p>Formulario</p>
      </AfterPaint>,
    );
    expect(screen.getByText('Formulario')).toBeInTheDocument();
  });
});
