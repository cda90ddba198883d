import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN, AUDITOR, renderStaffPage } from '../../../test/back-office';
import { fail, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { CasePage } from './CasePage';

const ERASED =
  'El caso fue eliminado al vencer su plazo de conservación: solo queda su registro, sin datos personales.';
const BLOCKED =
  'El caso está bloqueado: nadie puede ver ni exportar su contenido hasta que un administrador levante el bloqueo.';

describe('the case page of an erased or blocked case (Law 21.719)', () => {
  it('says an erased case was erased and shows its tombstone, without any content', async () => {
    server.use(
      staffApi.caseView(fail(410, ERASED)),
      staffApi.caseRetention(
        ok({
          eliminado: {
            numero: 'CEM-2021-00007',
            organizacion: { id: 'org', nombre: 'CEM' },
            categoria: 'Ley Karin',
            tipo: 'Acoso laboral',
            estado: 'Cerrada',
            anonima: false,
            recibida: '2021-03-02',
            cerrada: '2021-06-30',
            eliminada: '2026-06-30',
          },
          conservacion: null,
          bloqueo: null,
          vence: null,
        }),
      ),
    );
    renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id', user: AUDITOR });
    expect(await screen.findByText(ERASED)).toBeInTheDocument();
    expect(
      await screen.findByText(/fue eliminado al vencer su plazo de conservación. Queda solo/),
    ).toBeInTheDocument();
    expect(screen.getByText('CEM-2021-00007')).toBeInTheDocument();
    expect(screen.getByText('Acoso laboral')).toBeInTheDocument();
    expect(screen.getByText('30-06-2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bloquear el caso' })).not.toBeInTheDocument();
  });

  it('lets an administrator lift the block of a blocked case, whose content stays hidden', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.caseView(fail(423, BLOCKED)),
      staffApi.caseRetention(
        ok({
          eliminado: null,
          conservacion: null,
          bloqueo: {
            motivo: 'Solicitud de bloqueo de la persona',
            por: 'Ana Admin',
            desde: '2026-11-20T12:00:00.000Z',
          },
          vence: null,
        }),
      ),
      staffApi.liftCaseBlock(ok({ message: 'Se levantó el bloqueo del caso.' })),
    );
    renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id', user: ADMIN });
    expect(await screen.findByText(BLOCKED)).toBeInTheDocument();
    expect(
      await screen.findByText(/Bloqueado desde .*por Ana Admin. Motivo: Solicitud de bloqueo/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Levantar el bloqueo' }));
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', '/v1/gestion/casos/7/bloqueo')).toHaveLength(1),
    );
  });

  it('lets an administrator put a case under legal hold with a reason', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.caseView(fail(423, BLOCKED)),
      staffApi.caseRetention(
        ok({
          eliminado: null,
          conservacion: null,
          bloqueo: { motivo: 'Solicitud', por: null, desde: '2026-11-20T12:00:00.000Z' },
          vence: '2031-06-30',
        }),
      ),
      staffApi.setLegalHold(ok({ message: 'El caso quedó bajo retención legal.' })),
    );
    renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id', user: ADMIN });
    expect(await screen.findByText(/el caso se eliminará el 30-06-2031/)).toBeInTheDocument();
    await userEvent.type(
      screen.getByLabelText('Motivo de la retención'),
      'Demanda laboral RIT O-123-2026',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Poner bajo retención legal' }));
    await waitFor(() => {
      const [put] = callsTo(calls, 'PUT', '/v1/gestion/casos/7/conservacion');
      expect(put?.body).toEqual({ motivo: 'Demanda laboral RIT O-123-2026' });
    });
  });
});
