import { type DenunciaDetalle } from '@canal/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detailApi, renderDetail, wireDetail } from '../../test/follow-up';

const SUMMARY = 'Resumen de su denuncia';

async function openPage(detail: DenunciaDetalle = wireDetail) {
  detailApi({ detail });
  renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Resumen denuncia' });
  return screen.getByRole('region', { name: SUMMARY });
}

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

describe('the summary at the top of the detail page (decision 0061)', () => {
  it('comes first, says the status in plain words, what the team asks and by when', async () => {
    const summary = await openPage();
    const regions = screen.getAllByRole('region');
    expect(regions[0]).toBe(summary);
    expect(summary).toHaveTextContent(
      'Estado: Faltan antecedentes. El equipo necesita más información o documentos suyos',
    );
    expect(summary).toHaveTextContent(
      'El equipo le pide más antecedentes. Envíelos a más tardar el 16-04-2024',
    );
  });

  it('lists what is new since the last visit, not the complainant’s own entries', async () => {
    const summary = await openPage({
      ...wireDetail,
      denuncia_bitacora: [
        ...wireDetail.denuncia_bitacora,
        {
          comentario: 'Mi comentario.',
          sistema_fecha_creacion: '2024-04-05T12:00:00.000Z',
          evento: 'Comentario del denunciante',
          usuario: 'Denunciante',
        },
        {
          comentario: 'Necesitamos el contrato.',
          sistema_fecha_creacion: '2024-04-06T12:00:00.000Z',
          evento: 'Cambio de estado: Faltan antecedentes',
          usuario: 'Equipo de investigación',
        },
      ],
    });
    expect(summary).toHaveTextContent('Novedades desde su última visita, el 20-03-2024 09:00');
    const items = within(summary).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toContain(
      'Cambio de estado: Faltan antecedentes (06-04-2024 09:00)',
    );
    expect(summary).not.toHaveTextContent('Comentario del denunciante');
  });

  it('says there is nothing new, and nothing at all on the first visit', async () => {
    const later = {
      ...wireDetail,
      resumen: { ...wireDetail.resumen, visita_anterior: '2024-04-10T12:00:00.000Z' },
    };
    expect(await openPage(later)).toHaveTextContent(
      'No hay novedades desde su última visita, el 10-04-2024 08:00.',
    );
  });

  it('shows a Law 21.643 case’s timeline with its dates', async () => {
    const summary = await openPage();
    expect(within(summary).getByRole('heading', { name: 'Plazos de la Ley 21.643' })).toBeVisible();
    expect(summary).toHaveTextContent(
      'Decisión de investigar o de derivar a la Dirección del Trabajo: a más tardar el 20-03-2024 (3 días hábiles desde la recepción)',
    );
    expect(summary).toHaveTextContent(
      'Cierre de la investigación: a más tardar el 29-04-2024 (como máximo 30 días hábiles',
    );
  });

  it('points a closed case to «Sufrí represalias» and leaves other cases without a timeline', async () => {
    const summary = await openPage({
      ...wireDetail,
      estado_denuncia: 'Cerrada',
      resumen: { visita_anterior: null, antecedentes_hasta: null, plazos_ley_21643: null },
    });
    expect(summary).toHaveTextContent('Estado: Cerrada. La investigación terminó.');
    expect(summary).toHaveTextContent('use «Sufrí represalias»');
    expect(summary).not.toHaveTextContent('Plazos de la Ley 21.643');
    expect(summary).not.toHaveTextContent('Novedades');
  });
});
