import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@canal/test-support/chromium';
import { newPage, portalUrl } from './support/browser';
import { block } from './support/detail';
import { fillAnonymousComplaint, saveComplaint } from './support/portal';

/**
 * A voice message recorded on step 1, in Chromium with its fake microphone (a tone; issue 21,
 * decision 0063): recorded for a few seconds, distorted by default since the complaint is
 * anonymous, listened to, added to the attachments and filed; the server stores an MP3 (the copy
 * downloaded from the detail page starts with an MPEG frame, never the recorder's WebM). Then the same page with the microphone refused says
 * so in Spanish, and the written form stays usable.
 */

const browsers: Browser[] = [];
afterAll(() => Promise.all(browsers.map((b) => b.close())));

async function launch(args: string[]): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
  });
  browsers.push(browser);
  return browser;
}

const recorder = (page: Page) =>
  page.getByRole('region', { name: 'Grabar un mensaje de voz (opcional)' });

describe('a voice message on step 1', () => {
  it('records, plays back the distorted voice, and files it as an MP3 attachment', async () => {
    const browser = await launch([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ]);
    const { page } = await newPage(browser);
    await page.goto(portalUrl());
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    const submit = await fillAnonymousComplaint(
      page,
      `Mensaje de voz ${Date.now()}: el supervisor retira insumos de la bodega sin registro.`,
    );

    const area = recorder(page);
    // Anonymous: the distortion is on unless the person turns it off.
    expect(await area.getByRole('checkbox', { name: 'Distorsionar mi voz' }).isChecked()).toBe(
      true,
    );
    await area.getByRole('button', { name: 'Grabar', exact: true }).click();
    await area.getByText(/Grabando… 0:03/).waitFor({ timeout: 15_000 });
    await area.getByRole('button', { name: 'Detener' }).click();
    const audio = area.getByLabel('Grabación que se enviará');
    await audio.waitFor({ timeout: 60_000 });
    await area.getByText(/con la voz distorsionada/).waitFor();

    // Listening: the player plays what will be sent, an MP3 of about the recorded length.
    const heard = await audio.evaluate(async (el: HTMLAudioElement) => {
      await el.play();
      await new Promise((resolve) => setTimeout(resolve, 700));
      el.pause();
      return { duration: el.duration, played: el.currentTime, type: el.src.slice(0, 5) };
    });
    expect(heard.type).toBe('blob:');
    expect(heard.duration).toBeGreaterThan(2);
    expect(heard.played).toBeGreaterThan(0);

    await area.getByRole('button', { name: 'Agregar a los archivos adjuntos' }).click();
    await page
      .getByRole('list', { name: 'Archivos seleccionados' })
      .getByText('mensaje-de-voz-1.mp3', { exact: true })
      .waitFor();

    await submit.click();
    const code = await saveComplaint(page, `voz.${Date.now()}@correo.cl`, 'Vozanonima#2024');
    expect(code).toMatch(/^\d{12}$/);

    // What the server stored, downloaded back from the detail page: an MP3 (MPEG audio frames,
    // what its magic-byte check accepts), not the recorder's WebM.
    // (An anonymous complaint's files are listed under neutral names: «Archivo1.mp3».)
    const link = block(page, 'Archivos adjuntos').getByRole('link', { name: /\.mp3$/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(await download.failure()).toBeNull();
    const bytes = await readFile((await download.path())!);
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xe0).toBe(0xe0);
    expect(bytes.includes(Buffer.from('webm'))).toBe(false);
    // About the recorded length at 64 kbit/s (8 KB a second), not an empty file.
    expect(bytes.length).toBeGreaterThan(16_000);
  });

  it('says in Spanish that the microphone was refused, and the written form stays usable', async () => {
    // A fake microphone, but no automatic consent: the permission is denied for the portal.
    const browser = await launch(['--use-fake-device-for-media-stream']);
    const { context, page } = await newPage(browser);
    await context.clearPermissions();
    await page.goto(portalUrl());
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    const submit = await fillAnonymousComplaint(
      page,
      `Sin micrófono ${Date.now()}: el supervisor retira insumos de la bodega sin registro.`,
    );
    const area = recorder(page);
    await area.getByRole('button', { name: 'Grabar', exact: true }).click();
    await area
      .getByRole('alert')
      .getByText(/No se pudo usar el micrófono porque el permiso fue denegado/)
      .waitFor({ timeout: 15_000 });
    expect(await submit.isEnabled()).toBe(true);
  });
});
