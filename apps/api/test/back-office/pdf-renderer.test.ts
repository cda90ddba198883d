import { afterEach, describe, expect, it } from 'vitest';
import type { PdfBlock } from '../../src/back-office/export/pdf-document';
import { PdfRenderer, type PdfRendererSettings } from '../../src/back-office/export/pdf-renderer';
import { ERRORS } from '../../src/errors';
import { pdfText } from '@canal/shared/documents/read-back';

const META = { title: 'Expediente de prueba', footer: 'Expediente de prueba' };
const SMALL: PdfBlock[] = [{ kind: 'paragraph', text: 'Relato breve.' }];

/** An audit trail of `n` entries: thousands of pages, seconds of work at the least. */
const trail = (n: number): PdfBlock[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'entry',
    title: 'Caso consultado',
    meta: `03-03-2026 / 10:15:00 · Ana Administradora · Entrada N° ${i + 1}`,
    text: 'Consultó la ficha del caso.',
  }));

const renderers: PdfRenderer[] = [];
function renderer(settings: Partial<PdfRendererSettings>) {
  const r = new PdfRenderer({
    workers: 1,
    maxQueue: 4,
    timeLimitMs: 60_000,
    memoryMb: 256,
    maxPages: 5_000,
    maxBytes: 50 * 1024 * 1024,
    ...settings,
  });
  renderers.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(renderers.splice(0).map((r) => r.close()));
});

/** The longest the event loop went without running a 20 ms timer while `work` ran. */
async function longestStall(work: Promise<unknown>) {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 20);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return longest;
}

const refusal = (code: 'DOCUMENT_LIMIT' | 'BUSY') =>
  expect.objectContaining({ code, status: 503, message: ERRORS[code].message });

describe('the PDF renderer (documents off the event loop)', () => {
  it('makes a document in a thread of its own', async () => {
    const pdf = await renderer({}).render(META, SMALL);
    expect(await pdfText(pdf)).toContain('Relato breve.');
  });

  it('stops a document past its time limit (DOCUMENT_LIMIT) without holding the event loop, and makes the next one', async () => {
    const r = renderer({ timeLimitMs: 5_000, memoryMb: 1024, maxPages: Infinity });
    await r.render(META, SMALL);
    const started = performance.now();
    // Twice what the one-library writer makes in about 5 s on a quiet machine: past the limit
    // with room to spare, however fast the machine (100,000 entries once finished within it).
    const slow = r.render(META, trail(200_000));
    const stall = await longestStall(slow.catch(() => {}));
    await expect(slow).rejects.toEqual(refusal('DOCUMENT_LIMIT'));
    // Stopped at its limit, not when it would have finished; the loop ran all along.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(stall).toBeLessThan(1_000);
    expect(await pdfText(await r.render(META, SMALL))).toContain('Relato breve.');
  });

  it('stops a document past its memory limit (DOCUMENT_LIMIT), and makes the next one', async () => {
    const r = renderer({ memoryMb: 48, maxPages: Infinity });
    await expect(r.render(META, trail(60_000))).rejects.toEqual(refusal('DOCUMENT_LIMIT'));
    expect(await pdfText(await r.render(META, SMALL))).toContain('Relato breve.');
  });

  it('refuses a document of more pages or bytes than its limits (DOCUMENT_LIMIT)', async () => {
    await expect(renderer({ maxPages: 2 }).render(META, trail(200))).rejects.toEqual(
      refusal('DOCUMENT_LIMIT'),
    );
    await expect(renderer({ maxBytes: 2_000 }).render(META, trail(20))).rejects.toEqual(
      refusal('DOCUMENT_LIMIT'),
    );
    expect(await pdfText(await renderer({ maxPages: 2 }).render(META, trail(20)))).toContain(
      'Entrada N° 20',
    );
  });

  it('answers BUSY when more documents wait than its queue holds', async () => {
    const r = renderer({ maxQueue: 1 });
    await r.render(META, SMALL);
    const running = r.render(META, trail(5_000));
    const waiting = r.render(META, SMALL);
    const refused = r.render(META, SMALL);
    const outcomes = await Promise.allSettled([running, waiting, refused]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(refusal('BUSY'));
  });
});
