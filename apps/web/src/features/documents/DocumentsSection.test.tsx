import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE, organizationByKey } from '@canal/shared';
import { homeApi, renderPage } from '../../test/home';

const NAME = '¿Qué debo conocer antes de realizar una denuncia?';
const section = () => screen.getByRole('region', { name: NAME });
/** The section loads after the home page's first paint (its own chunk). */
const loaded = () => screen.findByRole('region', { name: NAME });
const pdfLinks = () => within(section()).getAllByRole('link', { name: /^Descargar documento PDF/ });

describe('¿Qué debo conocer antes de realizar una denuncia?', () => {
  it('offers the six documents of the head office, each a PDF at the site root, and their zip', async () => {
    homeApi();
    renderPage({ organization: HEAD_OFFICE });
    await loaded();
    expect(pdfLinks().map((a) => a.getAttribute('href'))).toEqual([
      '/guia-del-denunciante.pdf',
      '/procedimiento-de-denuncia-e-investigacion.pdf',
      '/estatutos-comite-de-etica.pdf',
      '/extracto-reglamento-interno.pdf',
      '/ley-21643.pdf',
      '/decreto-21.pdf',
    ]);
    for (const link of pdfLinks()) expect(link).toHaveAttribute('download');
    expect(pdfLinks()[4]).toHaveAccessibleName(
      'Descargar documento PDF: Ley N° 21.643 (Ley Karin)',
    );
    const all = within(section()).getByRole('link', { name: 'Descargar todo' });
    expect(all).toHaveAttribute('href', '/documentos-canal-denuncias.zip');
    expect(all).toHaveAttribute('download');
    expect(section()).toHaveTextContent(
      'Estos documentos le servirán de apoyo para realizar su denuncia.',
    );
  });

  it('offers only Law 21.643 and Decree 21 to a clinic', async () => {
    homeApi();
    renderPage({ organization: organizationByKey('clinica-atacama') });
    await loaded();
    expect(pdfLinks().map((a) => a.getAttribute('href'))).toEqual([
      '/ley-21643.pdf',
      '/decreto-21.pdf',
    ]);
    expect(
      within(section())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Ley N° 21.643 (Ley Karin)', 'Decreto Supremo N° 21 de 2024']);
    expect(within(section()).getByRole('link', { name: 'Descargar todo' })).toHaveAttribute(
      'href',
      '/documentos-ley-21643.zip',
    );
  });
});
