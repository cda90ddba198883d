import { describe, expect, it } from 'vitest';
import { missingItems, requestDocumentsComment } from './request-documents';

describe('the request for documents', () => {
  it('reads one item a line, without list markers or blank lines', () => {
    expect(
      missingItems('- Acta de la reunión\n\n2) Correo del 3 de marzo\n  • Testigos  '),
    ).toEqual(['Acta de la reunión', 'Correo del 3 de marzo', 'Testigos']);
  });

  it('lists them for the complainant and says where to send them', () => {
    const text = requestDocumentsComment(['Acta', 'Correo']);
    expect(text).toContain('necesitamos los siguientes antecedentes:\n- Acta\n- Correo\n');
    expect(text).toMatch(/seguimiento de su denuncia/);
  });
});
