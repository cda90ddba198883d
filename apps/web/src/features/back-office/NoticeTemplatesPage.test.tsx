import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_TEMPLATES, HEAD_OFFICE, organizationByKey } from '@canal/shared';
import { NoticeTemplatesPage } from './NoticeTemplatesPage';
import { renderStaffPage } from '../../test/back-office';
import { fail, ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';

const render = () =>
  renderStaffPage(<NoticeTemplatesPage />, { path: '/gestion/plantillas', route: 'plantillas' });

describe('the notice templates screen', () => {
  it('shows each text of the chosen organisation and saves an edited one', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.updateNoticeTemplate(
        ok({
          organizacion: HEAD_OFFICE.id,
          clave: 'conclusiones',
          texto: 'Conclusiones de {numero_caso}: se acreditaron los hechos.',
          actualizado: '2026-03-05T15:00:00.000Z',
        }),
      ),
    );
    render();
    const form = await screen.findByRole('form', { name: 'Conclusiones de la investigación' });
    const text = within(form).getByLabelText('Texto');
    expect(text).toHaveValue(DEFAULT_NOTICE_TEMPLATES.conclusiones);
    expect(form).toHaveTextContent('Texto predeterminado del canal');
    const save = within(form).getByRole('button', { name: 'Guardar plantilla' });
    // Nothing to save until the text differs.
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.clear(text);
    await user.type(text, 'Conclusiones de {{numero_caso}: se acreditaron los hechos.');
    await user.click(save);
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/plantillas').map((c) => c.body)).toEqual([
        {
          organizacion: HEAD_OFFICE.id,
          clave: 'conclusiones',
          texto: 'Conclusiones de {numero_caso}: se acreditaron los hechos.',
        },
      ]),
    );
    expect(await within(form).findByText('Plantilla guardada.')).toBeInTheDocument();
    expect(form).toHaveTextContent('Modificada el 05-03-2026');

    // Another organisation's texts are its own.
    const cem = organizationByKey('cem');
    await user.selectOptions(screen.getByLabelText('Organización'), cem.id);
    expect(
      within(screen.getByRole('form', { name: 'Conclusiones de la investigación' })).getByLabelText(
        'Texto',
      ),
    ).toHaveValue(DEFAULT_NOTICE_TEMPLATES.conclusiones);
  });

  it('refuses an empty text in the form, and shows the server’s refusal', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.updateNoticeTemplate(fail(404, 'No se encontró esa organización entre las suyas.')),
    );
    render();
    const form = await screen.findByRole('form', { name: 'Medidas de resguardo adoptadas' });
    const user = userEvent.setup();
    const text = within(form).getByLabelText('Texto');
    await user.clear(text);
    await user.type(text, '   ');
    await user.click(within(form).getByRole('button', { name: 'Guardar plantilla' }));
    expect(await within(form).findByText('Escriba el texto de la plantilla.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/v1/gestion/plantillas')).toEqual([]);
    await user.clear(text);
    await user.type(text, 'Medidas: traslado.');
    await user.click(within(form).getByRole('button', { name: 'Guardar plantilla' }));
    expect(
      await within(form).findByText('No se encontró esa organización entre las suyas.'),
    ).toBeInTheDocument();
  });
});
