import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE, organizationByKey } from '@canal/shared';
import { homeApi, renderPage } from '../test/home';

describe('home page', () => {
  it('shows, in order, the header, the introduction, the notice, the two blocks and the documents', async () => {
    homeApi();
    renderPage();
    // The documents section loads after the first paint (its own chunk).
    await screen.findByRole('region', {
      name: '¿Qué debo conocer antes de realizar una denuncia?',
    });
    const headings = screen
      .getAllByRole('heading', { level: 1 })
      .concat(screen.getAllByRole('heading', { level: 2 }));
    expect(headings.map((h) => h.textContent)).toEqual([
      'Canal de denuncias',
      'Ingresar nueva denuncia',
      'Consultar estado de su denuncia',
      '¿Qué debo conocer antes de realizar una denuncia?',
    ]);
    const intro = screen.getByText(/Este canal permite/);
    const notice = screen.getByRole('note');
    const newComplaint = screen.getByRole('region', { name: 'Ingresar nueva denuncia' });
    const documents = screen.getByRole('region', {
      name: '¿Qué debo conocer antes de realizar una denuncia?',
    });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByRole('heading', { level: 1 }), intro)).toBe(true);
    expect(follows(intro, notice)).toBe(true);
    expect(follows(notice, newComplaint)).toBe(true);
    expect(follows(newComplaint, documents)).toBe(true);
  });

  it('names the organisation and cites Law 21.643, Law 20.393 and the code of ethics', () => {
    homeApi();
    renderPage({ organization: HEAD_OFFICE });
    const intro = screen.getByText(/Este canal permite/);
    expect(intro).toHaveTextContent(`a los valores de ${HEAD_OFFICE.nameWithArticle}.`);
    expect(intro).toHaveTextContent('Ley N° 21.643');
    expect(intro).toHaveTextContent('Ley N° 20.393');
    expect(intro).toHaveTextContent('Código de Ética');
  });

  it("names a clinic's variant", () => {
    const clinic = organizationByKey('clinica-lircay');
    homeApi();
    renderPage({ organization: clinic });
    expect(screen.getByText(/Este canal permite/)).toHaveTextContent(
      'a los valores de la Clínica Lircay.',
    );
  });

  it('contracts "de el" to "del" before a masculine name (CEM)', () => {
    homeApi();
    renderPage({ organization: organizationByKey('cem') });
    const intro = screen.getByText(/Este canal permite/);
    expect(intro).toHaveTextContent('a los valores del Centro Médico Andino.');
    expect(intro).not.toHaveTextContent('de el ');
  });

  it('says that the channel is not an emergency service and gives no immediate answer', () => {
    homeApi();
    renderPage();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Este canal no es un servicio de emergencias y las denuncias no reciben una respuesta inmediata.',
    );
  });
});
