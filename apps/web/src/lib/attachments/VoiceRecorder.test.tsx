import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoiceRecorder } from './VoiceRecorder';

// jsdom has no MediaRecorder, microphone or Web Audio: the browser's recording path is proven in
// Chromium (apps/web/e2e/voice-recording.e2e.ts). Here: what the person reads when recording is
// impossible, and the distortion's default.

function renderRecorder(anonymous: boolean) {
  const onChange = vi.fn();
  render(
    <VoiceRecorder files={[]} onChange={onChange} onRejected={vi.fn()} anonymous={anonymous} />,
  );
  return onChange;
}

/** A browser that has the recording APIs, whose microphone answers `getUserMedia`. */
function browserWithMicrophone(getUserMedia: () => Promise<MediaStream>) {
  vi.stubGlobal('MediaRecorder', class {});
  vi.stubGlobal('OfflineAudioContext', class {});
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('the voice recorder', () => {
  it('says in Spanish that this browser cannot record, with no record button (Tor Browser, old browsers)', async () => {
    const onChange = renderRecorder(true);
    expect(
      await screen.findByText(/Su navegador no permite grabar audio desde esta página/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grabar' })).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says the microphone permission was refused, and can be tried again', async () => {
    browserWithMicrophone(() =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    );
    renderRecorder(false);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Grabar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo usar el micrófono porque el permiso fue denegado.',
    );
    expect(screen.getByRole('button', { name: 'Grabar' })).toBeEnabled();
  });

  it('says there is no microphone', async () => {
    browserWithMicrophone(() =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    );
    renderRecorder(false);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Grabar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se encontró un micrófono en este dispositivo.',
    );
  });

  it('distorts the voice by default for an anonymous complaint and warns when it is turned off', async () => {
    browserWithMicrophone(() => Promise.reject(new Error('unused')));
    renderRecorder(true);
    const box = await screen.findByRole('checkbox', { name: 'Distorsionar mi voz' });
    expect(box).toBeChecked();
    await userEvent.setup().click(box);
    expect(box).not.toBeChecked();
    expect(
      screen.getByText(/sin distorsión, su voz podría permitir identificarle/),
    ).toBeInTheDocument();
  });

  it('offers the distortion, off by default, to an identified complainant', async () => {
    browserWithMicrophone(() => Promise.reject(new Error('unused')));
    renderRecorder(false);
    expect(await screen.findByRole('checkbox', { name: 'Distorsionar mi voz' })).not.toBeChecked();
  });
});
