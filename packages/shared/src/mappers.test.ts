import { describe, expect, it } from 'vitest';
import {
  fromAdjunto,
  fromBitacoraEntry,
  fromCategoriaDelitos,
  fromDenunciaDetalle,
  fromDenunciaPayload,
  placesForZone,
  toCodeRecovery,
  toDenunciaPayload,
  toUploadBitacora,
} from './mappers';
import { complaintFormSchema } from './schemas/complaint';
import { denunciaPayloadSchema } from './schemas/payloads';
import {
  anonymousForm,
  detalle,
  filialId,
  identifiedForm,
  ticketInfo,
} from '@canal/test-support/fixtures';

describe('toDenunciaPayload', () => {
  it('maps an identified complaint with a chosen place', () => {
    expect(
      toDenunciaPayload(
        { ...identifiedForm, complainantRut: '11.111.111-1', complainantFirstName: ' María José ' },
        ticketInfo,
        filialId,
      ),
    ).toEqual({
      campo_reconoce_involucrados_id: 1,
      campo_toma_conocimiento_id: 3,
      denuncia_ticket: { email: 'persona@empresa.cl', pass: 'Clave#2024' },
      email_contacto: 'persona@empresa.cl',
      es_anonima: false,
      fecha_delito: '15/03/2024',
      filial: filialId,
      otro_lugar: '',
      relacion_organizacion_id: 2,
      relato: 'Descripción detallada de los hechos ocurridos.',
      tipo_delito_id: 5,
      zona_id: 13,
      agencia_id: 12,
      denunciante: {
        apellido_materno: 'Pérez',
        apellido_paterno: 'González',
        email: 'persona@empresa.cl',
        fono: '912345678',
        nombres: 'María José',
        rut: '11111111-1',
      },
    });
  });

  it('sends no agencia_id for "Otro" and no denunciante when anonymous', () => {
    const payload = toDenunciaPayload(
      { ...anonymousForm, complainantRut: '11111111-1' },
      ticketInfo,
      filialId,
    );
    expect('agencia_id' in payload).toBe(false);
    expect('denunciante' in payload).toBe(false);
    expect(payload.otro_lugar).toBe('Estacionamiento');
    expect(payload.es_anonima).toBe(true);
  });

  it('formats the RUT with an upper-case K', () => {
    const payload = toDenunciaPayload(
      { ...identifiedForm, complainantRut: '10.000.013-k' },
      ticketInfo,
      filialId,
    );
    expect(payload.denunciante?.rut).toBe('10000013-K');
  });

  it('produces payloads the API schema accepts', () => {
    expect(
      denunciaPayloadSchema.safeParse(toDenunciaPayload(identifiedForm, ticketInfo, filialId))
        .success,
    ).toBe(true);
    expect(
      denunciaPayloadSchema.safeParse(toDenunciaPayload(anonymousForm, ticketInfo, filialId))
        .success,
    ).toBe(true);
  });
});

describe('fromDenunciaPayload', () => {
  it.each([
    ['identified', identifiedForm],
    ['anonymous', anonymousForm],
  ])('round-trips an %s form', (_kind, form) => {
    const back = fromDenunciaPayload(toDenunciaPayload(form, ticketInfo, filialId));
    expect(back).toEqual({ form, ticketInfo, filialId });
    expect(complaintFormSchema.safeParse(back.form).success).toBe(true);
  });

  it('round-trips after the API schema parsed the payload', () => {
    const parsed = denunciaPayloadSchema.parse(
      toDenunciaPayload(identifiedForm, ticketInfo, filialId),
    );
    expect(fromDenunciaPayload(parsed).form).toEqual(identifiedForm);
  });

  it('omits an empty maternal surname and ignores denunciante of an anonymous payload', () => {
    const payload = toDenunciaPayload(
      { ...identifiedForm, complainantMiddleName: undefined },
      ticketInfo,
      filialId,
    );
    expect(payload.denunciante?.apellido_materno).toBe('');
    expect('complainantMiddleName' in fromDenunciaPayload(payload).form).toBe(false);
    const anon = fromDenunciaPayload({ ...payload, es_anonima: true });
    expect(anon.form.complainantRut).toBeUndefined();
  });
});

describe('detail mappers', () => {
  it('maps the complaint detail', () => {
    const detail = fromDenunciaDetalle(detalle);
    expect(detail).toMatchObject({
      id: 123456789012,
      code: 123456789012,
      status: 'Faltan antecedentes',
      canIdentify: 'Sí',
      occurrenceDate: '10/03/2024',
      createdAt: '15/03/2024',
      description: detalle.descripcion_hecho,
      complainantEmail: 'persona@empresa.cl',
      complainantContactNumber: '912345678',
      complainantFirstName: 'María José',
      complainantMiddleName: null,
      complainantLastName: 'González',
      complainantRut: '11111111-1',
      zone: 'Región Metropolitana',
      place: 'Sucursal Centro',
      otherPlace: null,
      type: 'Ley 21.643',
      subType: 'Acoso laboral',
      knowledgeType: 'Lo observé',
      relationshipWithOrganization: 'Trabajador',
      responseDate: null,
    });
    expect(detail.binnacle).toHaveLength(2);
    expect(detail.teamRead).toEqual({ entryIndex: 1, readAt: '2024-04-03T12:15:00.000Z' });
    expect(detail.replacementRequest).toBeNull();
    expect(
      fromDenunciaDetalle({
        ...detalle,
        solicitud_reemplazo: { fecha: '2024-04-04T10:00:00.000Z' },
        lectura_equipo: null,
      }),
    ).toMatchObject({
      replacementRequest: { sentAt: '2024-04-04T10:00:00.000Z' },
      teamRead: null,
    });
  });

  it('maps a log entry', () => {
    expect(fromBitacoraEntry(detalle.denuncia_bitacora[1]!)).toEqual({
      event: null,
      creationDate: '2024-04-02T15:30:05.000Z',
      comment: 'Adjunto antecedentes.',
      user: 'persona@empresa.cl',
    });
  });

  it('maps a file', () => {
    const adjunto = {
      id: 'f1',
      path: '/v1/archivos/f1?firma=x',
      mimetype: 'application/pdf',
      name: 'a.pdf',
    };
    expect(fromAdjunto(adjunto)).toEqual(adjunto);
  });
});

describe('master data mappers', () => {
  it('maps a category, keeping a group only when present', () => {
    expect(
      fromCategoriaDelitos({
        categoria: { id: 9, nombre: 'Ley 21.643' },
        delito_tipos: [
          { id: 26, nombre: 'Acoso laboral', descripcion: 'Conducta…', grupo: null },
          { id: 27, nombre: 'Acoso sexual', descripcion: 'Requerimientos…', grupo: 'Ley Karin' },
        ],
      }),
    ).toEqual({
      id: 9,
      title: 'Ley 21.643',
      crimes: [
        { id: 26, title: 'Acoso laboral', description: 'Conducta…' },
        { id: 27, title: 'Acoso sexual', description: 'Requerimientos…', group: 'Ley Karin' },
      ],
    });
  });

  it('builds the places of a zone with "Otro" added once', () => {
    expect(
      placesForZone({ id: 13, nombre: 'RM', agencias: [{ id: 4, nombre: 'Sucursal Centro' }] }),
    ).toEqual([
      { value: 4, label: 'Sucursal Centro' },
      { value: -1, label: 'Otro' },
    ]);
    expect(
      placesForZone({
        id: 13,
        nombre: 'RM',
        lugares: [
          { value: 4, label: 'A' },
          { value: -1, label: 'Otro' },
        ],
      }),
    ).toEqual([
      { value: 4, label: 'A' },
      { value: -1, label: 'Otro' },
    ]);
    expect(placesForZone(undefined)).toEqual([{ value: -1, label: 'Otro' }]);
  });
});

describe('request mappers', () => {
  it('builds the upload bitacora', () => {
    expect(toUploadBitacora({ id: 7, comment: ' nuevo ', user: 'a@b.cl' })).toEqual({
      codigo: 7,
      comentario: 'nuevo',
      usuario: 'a@b.cl',
    });
  });

  it('builds the recovery payload only with both code and e-mail', () => {
    expect(toCodeRecovery('123456789012', ' a@b.cl ')).toEqual({
      codigo: 123456789012,
      email: 'a@b.cl',
    });
    expect(toCodeRecovery(77, 'a@b.cl')).toEqual({ codigo: 77, email: 'a@b.cl' });
    expect(toCodeRecovery('', 'a@b.cl')).toBeNull();
    expect(toCodeRecovery('77', '')).toBeNull();
    expect(toCodeRecovery(undefined, undefined)).toBeNull();
    expect(toCodeRecovery('12abc', 'a@b.cl')).toBeNull();
  });
});
