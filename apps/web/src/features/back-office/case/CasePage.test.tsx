import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_TEMPLATES } from '@canal/shared';
import type { CaseViewWire as CaseView } from '@canal/shared/contract';
import {
  ADMIN,
  AUDITOR,
  caseSummary,
  INVESTIGATOR,
  renderStaffPage,
} from '../../../test/back-office';
import { created, fail, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { CasePage } from './CasePage';

const view = (over: Partial<CaseView['caso']> = {}): CaseView => ({
  caso: {
    ...caseSummary({ id: 7, numero: 'CD-2026-00007', vencido: true }),
    fecha_respuesta: null,
    fecha_cierre: null,
    resolucion: null,
    asignado: null,
    exclusiones: [],
    vinculos: [],
    ...over,
  },
  denuncia: {
    reconoce_involucrados: 'Sí',
    fono: '+56912345678',
    email: 'maria@correo.cl',
    nombre: 'María José',
    apellido_paterno: 'González',
    apellido_materno: null,
    rut: '12345678-5',
    fecha_denuncia: '02/03/2026',
    descripcion_hecho: 'Mi jefatura me grita frente al equipo.',
    tipo_conocimiento: 'Lo viví',
    fecha_ocurrencia_hecho: '01/03/2026',
    lugar: 'Casa matriz',
    otro_lugar: null,
    relacion_organizacion: 'Trabajador',
    fecha_respuesta: null,
    estado_denuncia: 'Recibida',
    subtipo_denuncia: 'Acoso laboral',
    tipo_denuncia: 'Ley 21.643',
    zona: 'Región Metropolitana',
    denunciado_nombre: null,
    denunciado_cargo: null,
    denunciado_es_gerente: false,
    a_nombre_de_otro: false,
    fundamento_representacion: null,
  },
  bitacora: {
    visible: [
      {
        id: 1,
        evento: 'Denuncia ingresada',
        comentario: null,
        autor: 'Denunciante',
        personal: null,
        fecha: '2026-03-02T12:00:00.000Z',
      },
    ],
    interna: [
      {
        id: 2,
        evento: 'Nota interna',
        comentario: 'Revisar con RR.HH.',
        autor: 'Inés',
        personal: 'Inés',
        fecha: '2026-03-02T13:00:00.000Z',
      },
    ],
  },
  archivos: [
    {
      id: 'f1',
      nombre: 'acta.pdf',
      mimetype: 'application/pdf',
      tamano: 2048,
      fecha: '2026-03-02T12:00:00.000Z',
      url: '/v1/gestion/casos/7/archivos/f1',
      del_equipo: false,
    },
  ],
  hitos: [
    {
      clave: 'medidas_resguardo',
      nombre: 'Adopción de medidas de resguardo',
      vence: '2026-03-02',
      estado: 'overdue',
      completado: null,
      atrasado: false,
      por_silencio: false,
      provisorio: false,
      informa_denunciante: false,
      se_informa: null,
      responsable: 'empleador',
      registra_cierre: false,
      tras_cierre: false,
      por_sistema: false,
      nota: null,
    },
    {
      clave: 'decision_y_aviso_dt',
      nombre: 'Decisión de investigar o derivar',
      vence: '2026-03-05',
      estado: 'soon',
      completado: null,
      atrasado: false,
      por_silencio: false,
      provisorio: false,
      informa_denunciante: true,
      se_informa: 'si la empresa investiga o deriva, y quién investiga',
      responsable: 'empleador',
      registra_cierre: false,
      tras_cierre: false,
      por_sistema: false,
      nota: null,
    },
    {
      clave: 'investigacion_cerrada',
      nombre: 'Cierre de la investigación',
      vence: '2026-04-14',
      estado: 'pending',
      completado: null,
      atrasado: false,
      por_silencio: false,
      provisorio: false,
      informa_denunciante: true,
      se_informa: 'Las conclusiones de la investigación',
      responsable: 'empleador',
      registra_cierre: true,
      tras_cierre: false,
      por_sistema: false,
      nota: null,
    },
    {
      clave: 'informe_enviado_dt',
      nombre: 'Envío del informe a la Dirección del Trabajo',
      vence: '2026-04-16',
      estado: 'pending',
      completado: null,
      atrasado: false,
      por_silencio: false,
      provisorio: true,
      informa_denunciante: false,
      se_informa: null,
      responsable: 'empleador',
      registra_cierre: false,
      tras_cierre: true,
      por_sistema: false,
      nota: null,
    },
  ],
  solicitud_reemplazo: null,
  represalias: [],
});

type MilestoneWire = CaseView['hitos'][number];

/** The view of the case once closed: before-closing milestones not recorded, the DT report due. */
const closedView = (): CaseView => {
  const v = view({
    estado: 'Cerrada',
    resolucion: 'Amonestación.',
    fecha_cierre: '2026-03-10T12:00:00.000Z',
    vencido: false,
    por_vencer: true,
    proximo_vencimiento: '2026-03-12',
  });
  const closed: Record<string, Partial<MilestoneWire>> = {
    medidas_resguardo: { estado: 'no_registrado' },
    decision_y_aviso_dt: { estado: 'no_registrado' },
    investigacion_cerrada: { estado: 'done', completado: '2026-03-10' },
    informe_enviado_dt: { estado: 'soon', vence: '2026-03-12', provisorio: false },
  };
  return { ...v, hitos: v.hitos.map((h) => ({ ...h, ...closed[h.clave] })) };
};

/** Renders case 7 for `user`; `handlers` answer the calls the test makes beyond the reads. */
function setup(
  user = INVESTIGATOR,
  handlers: RequestHandler[] = [],
  caso: Partial<CaseView['caso']> = {},
) {
  const calls = recordRequests();
  server.use(staffApi.caseView(ok(view(caso))), staffApi.users(ok([])), ...handlers);
  renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id', user });
  return calls;
}

const statusChanges = (calls: ReturnType<typeof setup>) =>
  callsTo(calls, 'POST', '/v1/gestion/casos/7/estado');
const milestones = (calls: ReturnType<typeof setup>, key: string) =>
  callsTo(calls, 'PUT', `/v1/gestion/casos/7/hitos/${key}`);

describe('the case page', () => {
  it('shows the accused and the representation, the DT mark and the decision milestone note (decision 0021)', async () => {
    const NOTE =
      'Se debe derivar a la Dirección del Trabajo: la persona denunciada es gerente o representante legal del empleador (Ley 21.643 y DS 21/2024).';
    const v = view({ derivar_dt: true });
    server.use(
      staffApi.caseView(
        ok({
          ...v,
          denuncia: {
            ...v.denuncia,
            denunciado_nombre: 'Rodrigo Castañeda',
            denunciado_cargo: 'Gerente general',
            denunciado_es_gerente: true,
            a_nombre_de_otro: true,
            fundamento_representacion: 'Soy su abogada, con poder simple.',
          },
          hitos: v.hitos.map((h) => ({
            ...h,
            nota: h.clave === 'decision_y_aviso_dt' ? NOTE : null,
          })),
        }),
      ),
      staffApi.users(ok([])),
      staffApi.categories(ok([])),
    );
    renderStaffPage(<CasePage />, {
      path: '/gestion/casos/7',
      route: 'casos/:id',
      user: INVESTIGATOR,
    });
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Se debe derivar a la Dirección del Trabajo: la persona denunciada es gerente o representante legal del empleador (Ley 21.643).',
    );
    const accused = screen.getByRole('region', { name: 'Persona denunciada y representación' });
    for (const text of [
      'Rodrigo Castañeda',
      'Gerente general',
      '¿Es gerente o representante legal?Sí',
      '¿Presentada a nombre de otra persona?Sí',
      'Soy su abogada, con poder simple.',
    ])
      expect(accused).toHaveTextContent(text);
    const decision = screen.getByRole('rowheader', {
      name: /Decisión de investigar o derivar/,
    });
    expect(decision).toHaveTextContent(NOTE);
  });

  it('says what a Law 21.643 complaint did not give, without the DT mark', async () => {
    setup(INVESTIGATOR, [staffApi.categories(ok([]))]);
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    const accused = screen.getByRole('region', { name: 'Persona denunciada y representación' });
    expect(accused).toHaveTextContent('Persona denunciadaNo informado');
    expect(accused).toHaveTextContent('¿Presentada a nombre de otra persona?No');
  });

  it('shows every field, the file through the staff route, and the two logs apart', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    const facts = screen.getByRole('region', { name: 'Datos de la denuncia' });
    for (const text of [
      'María José González',
      '12345678-5',
      'maria@correo.cl',
      '+56912345678',
      'Mi jefatura me grita frente al equipo.',
      'Región Metropolitana',
      // The back office's one date format, dd-mm-yyyy (the API gives dd/mm/yyyy).
      '02-03-2026',
      '01-03-2026',
    ]) {
      expect(facts).toHaveTextContent(text);
    }
    expect(facts).not.toHaveTextContent('02/03/2026');
    expect(screen.getByRole('link', { name: 'acta.pdf' })).toHaveAttribute(
      'href',
      '/v1/gestion/casos/7/archivos/f1',
    );
    expect(
      screen.getByRole('region', { name: 'Bitácora visible para la persona denunciante' }),
    ).toHaveTextContent('Denuncia ingresada');
    expect(
      screen.getByRole('region', { name: 'Bitácora visible para la persona denunciante' }),
    ).not.toHaveTextContent('RR.HH.');
    expect(screen.getByRole('region', { name: 'Notas internas' })).toHaveTextContent(
      'Revisar con RR.HH.',
    );
    const milestones = screen.getByRole('region', { name: 'Plazos legales' });
    expect(within(milestones).getAllByRole('row')[1]).toHaveTextContent('Vencido');
    expect(within(milestones).getAllByRole('row')[2]).toHaveTextContent('Vence pronto');
  });

  it('gives an auditor everything read-only, without a single action control', async () => {
    setup(AUDITOR);
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    expect(screen.getByText('Acceso de solo lectura (auditoría).')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notas internas' })).toHaveTextContent(
      'Revisar con RR.HH.',
    );
    expect(screen.queryByRole('region', { name: 'Acciones' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('combobox')).toEqual([]);
  });

  it('requires the resolution to close, then sends status, comment and resolution', async () => {
    const calls = setup(INVESTIGATOR, [
      staffApi.changeStatus(created({ message: 'Estado actualizado.' })),
    ]);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Cambiar estado' });
    expect(within(form).queryByRole('option', { name: 'Recibida' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cambiar estado' }));
    expect(await within(form).findByText('Debe elegir el nuevo estado.')).toBeInTheDocument();
    expect(
      within(form).getByText('Debe escribir un comentario para la persona denunciante.'),
    ).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Nuevo estado'), 'Cerrada');
    await user.type(
      within(form).getByLabelText('Comentario para la persona denunciante'),
      'Concluimos la investigación.',
    );
    await user.click(within(form).getByRole('button', { name: 'Cambiar estado' }));
    expect(
      await within(form).findByText('Para cerrar el caso debe escribir la resolución.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Resolución')).toHaveAttribute('aria-invalid', 'true');
    expect(statusChanges(calls)).toEqual([]);

    await user.type(within(form).getByLabelText('Resolución'), 'Amonestación escrita.');
    await user.click(within(form).getByRole('button', { name: 'Cambiar estado' }));

    // Milestones are open: a confirmation names them before anything is sent.
    const dialog = await screen.findByRole('dialog', {
      name: '¿Cerrar el caso con hitos legales abiertos?',
    });
    const unrecorded = within(dialog)
      .getByText('Quedarán como no registrados:')
      .parentElement!.querySelectorAll('li');
    expect([...unrecorded].map((li) => li.textContent)).toEqual([
      'Adopción de medidas de resguardo',
      'Decisión de investigar o derivar',
    ]);
    const afterClosing = within(dialog)
      .getByText(/^Seguirán pendientes después del cierre/)
      .parentElement!.querySelectorAll('li');
    expect([...afterClosing].map((li) => li.textContent)).toEqual([
      'Envío del informe a la Dirección del Trabajo',
    ]);
    expect(dialog).toHaveTextContent(
      'Al cerrar se registra «Cierre de la investigación» con la fecha de hoy',
    );
    expect(statusChanges(calls)).toEqual([]);

    // "Cancelar" sends nothing; confirming sends the milestones the person saw.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusChanges(calls)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Cambiar estado' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cerrar el caso' }),
    );
    await waitFor(() =>
      expect(statusChanges(calls)[0]?.body).toEqual({
        estado: 'Cerrada',
        comentario: 'Concluimos la investigación.',
        resolucion: 'Amonestación escrita.',
        hitos_confirmados: ['medidas_resguardo', 'decision_y_aviso_dt', 'informe_enviado_dt'],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(form).findByText('Estado actualizado.')).toBeInTheDocument();
  });

  it('shows in the confirmation why the API refused the closing', async () => {
    setup(INVESTIGATOR, [
      staffApi.changeStatus(
        fail(
          409,
          'El caso tiene hitos legales abiertos. Para cerrarlo, confirme los hitos abiertos.',
        ),
      ),
    ]);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Cambiar estado' });
    await user.selectOptions(within(form).getByLabelText('Nuevo estado'), 'Cerrada');
    await user.type(within(form).getByLabelText('Comentario para la persona denunciante'), 'Fin.');
    await user.type(within(form).getByLabelText('Resolución'), 'Sin medidas.');
    await user.click(within(form).getByRole('button', { name: 'Cambiar estado' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar el caso' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El caso tiene hitos legales abiertos.',
    );
  });

  it('closes without a confirmation when no milestone is left open', async () => {
    const calls = recordRequests();
    const done = view();
    const allDone = {
      ...done,
      hitos: done.hitos.map((h) => ({ ...h, estado: 'done' as const, completado: '2026-03-03' })),
    };
    server.use(
      staffApi.caseView(ok(allDone)),
      staffApi.users(ok([])),
      staffApi.changeStatus(created({ message: 'Estado actualizado.' })),
    );
    renderStaffPage(<CasePage />, {
      path: '/gestion/casos/7',
      route: 'casos/:id',
      user: INVESTIGATOR,
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Cambiar estado' });
    await user.selectOptions(within(form).getByLabelText('Nuevo estado'), 'Cerrada');
    await user.type(within(form).getByLabelText('Comentario para la persona denunciante'), 'Fin.');
    await user.type(within(form).getByLabelText('Resolución'), 'Sin medidas.');
    await user.click(within(form).getByRole('button', { name: 'Cambiar estado' }));
    await waitFor(() =>
      expect(statusChanges(calls)[0]?.body).toEqual({
        estado: 'Cerrada',
        comentario: 'Fin.',
        resolucion: 'Sin medidas.',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the duties after closing pending and recordable on a closed case', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.caseView(ok(closedView())),
      staffApi.users(ok([])),
      staffApi.recordMilestone(ok({ message: 'Hito registrado.' })),
    );
    renderStaffPage(<CasePage />, {
      path: '/gestion/casos/7',
      route: 'casos/:id',
      user: INVESTIGATOR,
    });
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    // The next due date is the report to the DT, not "Sin plazo pendiente".
    const header = screen.getByText(/Próximo vencimiento/);
    expect(header).toHaveTextContent('12-03-2026');
    expect(header).toHaveTextContent('Vence pronto');
    expect(screen.queryByText('Sin plazo pendiente')).not.toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'Plazos legales' });
    const row = (name: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(name) })
        .closest('tr')!;
    expect(row('Adopción de medidas de resguardo')).toHaveTextContent('No registrado');
    expect(
      within(table).queryByRole('button', {
        name: 'Registrar cumplimiento: Adopción de medidas de resguardo',
      }),
    ).not.toBeInTheDocument();
    expect(row('Envío del informe')).toHaveTextContent('Pendiente, vence pronto');
    expect(screen.getByText(/registrando los hitos posteriores al cierre/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(
      within(table).getByRole('button', {
        name: 'Registrar cumplimiento: Envío del informe a la Dirección del Trabajo',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText('Fecha en que se cumplió');
    await user.clear(date);
    await user.type(date, '11-03-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(milestones(calls, 'informe_enviado_dt')[0]?.body).toEqual({ fecha: '2026-03-11' }),
    );
  });

  it('sends a status change without resolution when not closing, and shows the server message on failure', async () => {
    const calls = setup(INVESTIGATOR, [
      staffApi.changeStatus(fail(409, 'El caso ya tiene ese estado.')),
    ]);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Cambiar estado' });
    await user.selectOptions(within(form).getByLabelText('Nuevo estado'), 'Faltan antecedentes');
    expect(within(form).queryByLabelText('Resolución')).not.toBeInTheDocument();
    await user.type(
      within(form).getByLabelText('Comentario para la persona denunciante'),
      'Envíe el acta.',
    );
    await user.click(within(form).getByRole('button', { name: 'Cambiar estado' }));
    await waitFor(() =>
      expect(statusChanges(calls)[0]?.body).toEqual({
        estado: 'Faltan antecedentes',
        comentario: 'Envíe el acta.',
      }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'El caso ya tiene ese estado.',
    );
  });

  it('records a milestone that informs the complainant only with the text they are told', async () => {
    const calls = setup(INVESTIGATOR, [
      staffApi.recordMilestone(ok({ message: 'Hito registrado.' })),
    ]);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Registrar cumplimiento: Decisión de investigar o derivar',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Registrar cumplimiento: Decisión de investigar o derivar',
    });
    const date = within(dialog).getByLabelText('Fecha en que se cumplió');
    await user.clear(date);
    await user.type(date, '03-03-2026');
    // The text starts from the organisation's template (decision 0070), with the case's number.
    const told = within(dialog).getByLabelText('Lo que se informa a la persona denunciante');
    await waitFor(() =>
      expect(told).toHaveValue(
        DEFAULT_NOTICE_TEMPLATES.decision.replace('{numero_caso}', 'CD-2026-00007'),
      ),
    );
    await user.clear(told);
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(
      await within(dialog).findByText(
        /Debe escribir lo que se informa a la persona denunciante: si la empresa investiga/,
      ),
    ).toBeInTheDocument();
    expect(milestones(calls, 'decision_y_aviso_dt')).toEqual([]);
    await user.type(
      within(dialog).getByLabelText('Lo que se informa a la persona denunciante'),
      'La empresa investigará. Investigadora: Ana Soto.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(milestones(calls, 'decision_y_aviso_dt')[0]?.body).toEqual({
        fecha: '2026-03-03',
        comentario: 'La empresa investigará. Investigadora: Ana Soto.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('records an internal milestone with a date only', async () => {
    const calls = setup(INVESTIGATOR, [
      staffApi.recordMilestone(ok({ message: 'Hito registrado.' })),
    ]);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Registrar cumplimiento: Adopción de medidas de resguardo',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText('Fecha en que se cumplió');
    await user.clear(date);
    await user.type(date, '02-03-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(milestones(calls, 'medidas_resguardo')[0]?.body).toEqual({ fecha: '2026-03-02' }),
    );
  });

  it('gives administrators the exclusions, and hides status and reply on a closed case', async () => {
    setup(ADMIN, [], {
      estado: 'Cerrada',
      resolucion: 'Amonestación.',
      fecha_cierre: '2026-03-10T12:00:00.000Z',
      vencido: false,
      proximo_vencimiento: null,
    });
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    expect(screen.getByText(/El caso está cerrado/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Cambiar estado' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Agregar nota interna' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Exclusiones por conflicto de interés' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Amonestación.')).toBeInTheDocument();
  });

  it('says which milestone the system recorded (the acknowledgement sent with the confirmation)', async () => {
    const acknowledged: CaseView['hitos'][number] = {
      clave: 'acuse_recibo',
      nombre: 'Acuse de recibo',
      vence: '2026-03-09',
      estado: 'done',
      completado: '2026-03-02',
      atrasado: false,
      por_silencio: false,
      provisorio: false,
      informa_denunciante: true,
      se_informa: 'Que la denuncia fue recibida',
      responsable: 'empleador',
      registra_cierre: false,
      tras_cierre: false,
      por_sistema: true,
      nota: null,
    };
    server.use(staffApi.caseView(ok({ ...view(), hitos: [acknowledged] })), staffApi.users(ok([])));
    renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id' });
    expect(
      await screen.findByText(/Cumplido el 02-03-2026, registrado por el sistema/),
    ).toBeInTheDocument();
  });

  it('puts who has the case, its priority, status and next milestone in a triage bar at the top', async () => {
    const calls = setup(INVESTIGATOR, [
      staffApi.assign(ok({ message: 'Caso asignado.' })),
      staffApi.recordMilestone(ok({ message: 'Hito registrado.' })),
    ]);
    const bar = await screen.findByRole('region', { name: 'Triaje' });
    // Before every other section of the page.
    expect(screen.getAllByRole('region')[0]).toBe(bar);
    expect(bar).toHaveTextContent('A cargo: Sin asignar');
    expect(within(bar).getByLabelText('Prioridad (riesgo)')).toBeInTheDocument();
    expect(within(bar).getByText('Recibida')).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Cambiar el estado' })).toHaveAttribute(
      'href',
      '#cambio-estado',
    );
    // The next milestone is the open one due first, with its mark in words.
    expect(bar).toHaveTextContent('Adopción de medidas de resguardo');
    expect(bar).toHaveTextContent('Vencido');
    const user = userEvent.setup();
    await user.click(within(bar).getByRole('button', { name: 'Asignarme el caso' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/casos/7/asignacion').map((c) => c.body)).toEqual([
        { usuario_id: INVESTIGATOR.id },
      ]),
    );
    // No designation milestone in this case's regime fixture: nothing is offered.
    expect(within(bar).queryByRole('status')).not.toBeInTheDocument();
    await user.click(
      within(bar).getByRole('button', {
        name: 'Registrar el próximo hito: Adopción de medidas de resguardo',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Registrar cumplimiento: Adopción de medidas de resguardo',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(milestones(calls, 'medidas_resguardo')).toHaveLength(1));
  });

  it('offers, on assigning, to record the designation with the template naming the person', async () => {
    const designation: CaseView['hitos'][number] = {
      ...view().hitos[1]!,
      clave: 'investigador_designado',
      nombre: 'Designación de la persona investigadora',
      se_informa: 'quién investiga',
    };
    const pedro = { ...INVESTIGATOR, id: 5, nombre: 'Pedro Pérez' };
    const calls = recordRequests();
    server.use(
      staffApi.caseView(ok({ ...view(), hitos: [...view().hitos, designation] })),
      staffApi.users(ok([pedro])),
      staffApi.assign(ok({ message: 'Caso asignado.' })),
      staffApi.recordMilestone(ok({ message: 'Hito registrado.' })),
    );
    renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id', user: ADMIN });
    const bar = await screen.findByRole('region', { name: 'Triaje' });
    const user = userEvent.setup();
    await user.selectOptions(await within(bar).findByLabelText('Asignar a'), 'Pedro Pérez');
    await user.click(within(bar).getByRole('button', { name: 'Asignar' }));
    const offer = await within(bar).findByRole('status');
    expect(offer).toHaveTextContent(
      'El caso quedó a cargo de Pedro Pérez. ¿Registrar ahora «Designación de la persona investigadora»?',
    );
    expect(callsTo(calls, 'PUT', '/v1/gestion/casos/7/asignacion')[0]?.body).toEqual({
      usuario_id: 5,
    });
    await user.click(within(offer).getByRole('button', { name: 'Registrar la designación' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Registrar cumplimiento: Designación de la persona investigadora',
    });
    const told = within(dialog).getByLabelText('Lo que se informa a la persona denunciante');
    const expected = DEFAULT_NOTICE_TEMPLATES.designacion
      .replace('{numero_caso}', 'CD-2026-00007')
      .replace('{persona_investigadora}', 'Pedro Pérez');
    await waitFor(() => expect(told).toHaveValue(expected));
    // The investigator can still change it before sending.
    await user.type(told, ' Gracias.');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(milestones(calls, 'investigador_designado')[0]?.body).toMatchObject({
        comentario: `${expected} Gracias.`,
      }),
    );
  });

  it('lists the case’s reports of retaliation with their deadline and who attended them, and records one attended', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.caseView(
        ok({
          ...closedView(),
          represalias: [
            {
              id: 3,
              fecha: '2026-04-01',
              vence: '2026-04-06',
              vencida: false,
              atendido: { fecha: '2026-04-02T15:00:00.000Z', por: 'Inés Investigadora' },
            },
            { id: 4, fecha: '2026-05-04', vence: '2026-05-07', vencida: true, atendido: null },
          ],
        }),
      ),
      staffApi.users(ok([])),
      staffApi.attendRetaliation(ok({ message: 'Atendido.' })),
    );
    renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id' });
    const table = await screen.findByRole('table', { name: 'Avisos de represalias del caso' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('01-04-2026');
    expect(first).toHaveTextContent(/Atendido el 02-04-2026 .* por Inés Investigadora/);
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('04-05-2026');
    expect(second).toHaveTextContent('Vencido');
    expect(second).toHaveTextContent('Sin atender');
    await userEvent.click(
      within(second!).getByRole('button', {
        name: 'Registrar como atendido el aviso informado el 04-05-2026',
      }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/represalias/4/atendido')).toHaveLength(1),
    );
  });

  it('says on a closed case that no retaliation was reported, and shows no such section on an open one', async () => {
    server.use(staffApi.caseView(ok(closedView())), staffApi.users(ok([])));
    const first = renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id' });
    expect(
      await screen.findByText(
        'La persona denunciante no ha informado represalias después del cierre.',
      ),
    ).toBeInTheDocument();
    first.unmount();
    setup();
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    expect(
      screen.queryByRole('heading', { name: 'Avisos de represalias después del cierre' }),
    ).not.toBeInTheDocument();
  });

  it('sets the priority and adds and removes tags, each sent to the server', async () => {
    const calls = setup(
      INVESTIGATOR,
      [
        staffApi.setPriority(ok({ message: 'Prioridad actualizada.' })),
        staffApi.setTags(ok({ message: 'Etiquetas actualizadas.' })),
      ],
      { prioridad: 'media', etiquetas: ['revisar'] },
    );
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Prioridad: Media');
    expect(header).toHaveTextContent('Etiquetas: revisar');
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Guardar prioridad' });
    // Nothing to save until the choice differs from the case's.
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Prioridad (riesgo)'), 'critica');
    await user.click(save);
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/casos/7/prioridad').map((c) => c.body)).toEqual([
        { prioridad: 'critica' },
      ]),
    );

    await user.type(screen.getByLabelText('Nueva etiqueta'), '  Acoso  Grave ');
    await user.click(screen.getByRole('button', { name: 'Agregar etiqueta' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/casos/7/etiquetas').map((c) => c.body)).toEqual([
        { etiquetas: ['revisar', 'acoso grave'] },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Quitar la etiqueta revisar' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/casos/7/etiquetas').at(-1)?.body).toEqual({
        etiquetas: [],
      }),
    );
  });

  it('shows the server refusing a tag', async () => {
    setup(INVESTIGATOR, [
      staffApi.setTags(fail(400, 'La etiqueta contiene caracteres no permitidos.')),
    ]);
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nueva etiqueta'), 'x');
    await user.click(screen.getByRole('button', { name: 'Agregar etiqueta' }));
    expect(
      await screen.findByText('La etiqueta contiene caracteres no permitidos.'),
    ).toBeInTheDocument();
  });

  it('shows linked cases with links to them, links another by number and unlinks', async () => {
    const calls = setup(
      INVESTIGATOR,
      [
        staffApi.linkCase(ok({ message: 'Casos vinculados.' })),
        staffApi.unlinkCase(ok({ message: 'Vínculo quitado.' })),
      ],
      { vinculos: [{ id: 3, numero: 'CEM-2026-00003', tipo: 'tiene_duplicado' }] },
    );
    const region = await screen.findByRole('region', { name: 'Casos vinculados' });
    expect(region).toHaveTextContent('Duplicado de este caso: CEM-2026-00003');
    expect(within(region).getByRole('link', { name: 'CEM-2026-00003' })).toHaveAttribute(
      'href',
      '/gestion/casos/3',
    );
    const user = userEvent.setup();
    await user.selectOptions(within(region).getByLabelText('Vínculo'), 'relacionado');
    await user.type(within(region).getByLabelText('N° del otro caso'), ' cem-2026-00009 ');
    await user.click(within(region).getByRole('button', { name: 'Vincular' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/casos/7/vinculos').map((c) => c.body)).toEqual([
        { numero: 'cem-2026-00009', tipo: 'relacionado' },
      ]),
    );
    await user.click(
      within(region).getByRole('button', { name: 'Quitar el vínculo con CEM-2026-00003' }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', '/v1/gestion/casos/7/vinculos/3')).toHaveLength(1),
    );
  });

  it('shows the server refusing a link', async () => {
    setup(INVESTIGATOR, [staffApi.linkCase(fail(404, 'No se encontró el otro caso.'))]);
    const region = await screen.findByRole('region', { name: 'Casos vinculados' });
    expect(region).toHaveTextContent('El caso no está vinculado con otros.');
    const user = userEvent.setup();
    await user.type(within(region).getByLabelText('N° del otro caso'), 'CEM-1999-00001');
    await user.click(within(region).getByRole('button', { name: 'Vincular' }));
    expect(await within(region).findByText('No se encontró el otro caso.')).toBeInTheDocument();
  });
});

describe('a new activation handed over in person (decision 0075)', () => {
  const ACTIVATION = {
    id: 7,
    numero: 'CD-2026-00007',
    organizacion: { id: 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae', nombre: 'Casa matriz' },
    activacion: {
      url: 'http://localhost:3000/restablecer-contrasena/nuevo',
      codigo: 'M4TR-Z8QA',
      pagina: 'http://localhost:3000/activar-denuncia',
      vence: '2026-03-05T15:00:00.000Z',
    },
  };

  it('asks staff to identify the person in person first, then opens the new receipt', async () => {
    const calls = setup(INVESTIGATOR, [staffApi.reissueActivation(created(ACTIVATION))], {
      canal: 'verbal',
    });
    const form = await screen.findByRole('form', { name: 'Entregar una nueva activación' });
    expect(form).toHaveTextContent('después de identificarla en persona');
    expect(form).toHaveTextContent('con su cédula de identidad');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Entregar nueva activación' }));
    expect(
      await within(form).findByText(
        'Confirme que identificó en persona a quien presentó la denuncia.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/activacion')).toHaveLength(0);

    await user.click(
      within(form).getByLabelText('Identifiqué en persona a quien presentó esta denuncia.'),
    );
    await user.click(within(form).getByRole('button', { name: 'Entregar nueva activación' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/activacion').map((c) => c.body)).toEqual([
        { identidad_verificada: true },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('ubicacion')).toHaveTextContent(
        '/gestion/registrar-denuncia/comprobante',
      ),
    );
  });

  it('says how to identify an anonymous person', async () => {
    setup(INVESTIGATOR, [], { canal: 'presencial', anonima: true });
    const form = await screen.findByRole('form', { name: 'Entregar una nueva activación' });
    expect(form).toHaveTextContent('la denuncia es anónima');
  });

  it('is not offered on a complaint filed in the portal', async () => {
    setup(INVESTIGATOR);
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    expect(
      screen.queryByRole('form', { name: 'Entregar una nueva activación' }),
    ).not.toBeInTheDocument();
  });

  it('is not offered to auditors', async () => {
    setup(AUDITOR, [], { canal: 'verbal' });
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    expect(
      screen.queryByRole('form', { name: 'Entregar una nueva activación' }),
    ).not.toBeInTheDocument();
  });
});
