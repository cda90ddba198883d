import { describe, expect, it } from 'vitest';
import { MESSAGES as M } from '../messages';
import { toDenunciaPayload } from '../mappers';
import { anonymousForm, filialId, identifiedForm, ticketInfo } from '@canal/test-support/fixtures';
import { complaintFormSchema } from './complaint';
import {
  addCommentPayloadSchema,
  codeRecoveryPayloadSchema,
  denunciaPayloadSchema,
  loginPayloadSchema,
  passwordRecoveryPayloadSchema,
  resetPasswordPayloadSchema,
  statusPayloadSchema,
  uploadBitacoraSchema,
} from './payloads';
import { issuesOf, messagesAt } from './test-helpers';

const identified = toDenunciaPayload(identifiedForm, ticketInfo, filialId);
const anonymous = toDenunciaPayload(anonymousForm, ticketInfo, filialId);

describe('denunciaPayloadSchema', () => {
  it('accepts what the front sends, unchanged', () => {
    expect(denunciaPayloadSchema.parse(identified)).toEqual({
      ...identified,
      otro_lugar: undefined,
    });
    expect(denunciaPayloadSchema.parse(anonymous)).toEqual(anonymous);
  });

  it('drops the complainant of an anonymous complaint, even an invalid one', () => {
    const parsed = denunciaPayloadSchema.parse({ ...anonymous, denunciante: { rut: 'x' } });
    expect(parsed.denunciante).toBeUndefined();
  });

  it('requires and checks the complainant when not anonymous', () => {
    expect(issuesOf(denunciaPayloadSchema, { ...identified, denunciante: undefined })).toEqual([
      `denunciante: ${M.complainantRequired}`,
    ]);
    expect(
      issuesOf(denunciaPayloadSchema, {
        ...identified,
        denunciante: { ...identified.denunciante, rut: '12.345.678-9', fono: '12a', nombres: '' },
      }),
    ).toEqual([
      `denunciante.fono: ${M.phoneDigits}`,
      `denunciante.fono: ${M.phoneLength}`,
      `denunciante.nombres: ${M.empty}`,
      `denunciante.rut: ${M.rut}`,
    ]);
  });

  it('accepts an empty or missing maternal surname and e-mail, formats the RUT', () => {
    const parsed = denunciaPayloadSchema.parse({
      ...identified,
      denunciante: {
        ...identified.denunciante,
        apellido_materno: '',
        email: '',
        rut: '10.000.013-k',
      },
    });
    expect(parsed.denunciante).toMatchObject({ apellido_materno: '', rut: '10000013-K' });
    expect(parsed.denunciante?.email).toBeUndefined();
  });

  it.each([26, 27, 28])('refuses an anonymous complaint of type %i', (tipo) => {
    expect(issuesOf(denunciaPayloadSchema, { ...anonymous, tipo_delito_id: tipo })).toEqual([
      `es_anonima: ${M.anonymityNotAllowed}`,
    ]);
  });

  it('needs otro_lugar without agencia_id, and drops it with one', () => {
    expect(issuesOf(denunciaPayloadSchema, { ...anonymous, otro_lugar: '' })).toEqual([
      `otro_lugar: ${M.empty}`,
    ]);
    expect(
      issuesOf(denunciaPayloadSchema, { ...anonymous, otro_lugar: undefined, agencia_id: null }),
    ).toEqual([`otro_lugar: ${M.empty}`]);
    const parsed = denunciaPayloadSchema.parse({ ...identified, otro_lugar: 'ignorado' });
    expect(parsed.otro_lugar).toBeUndefined();
    expect(parsed.agencia_id).toBe(12);
    expect(
      messagesAt(denunciaPayloadSchema, { ...identified, agencia_id: -1 }, 'agencia_id'),
    ).toEqual([M.optionUnknown]);
  });

  it('checks the ticket, the contact e-mail and the organisation', () => {
    expect(
      issuesOf(denunciaPayloadSchema, {
        ...anonymous,
        denuncia_ticket: { email: 'x', pass: 'abc' },
        filial: 'otra',
      }),
    ).toEqual([
      `denuncia_ticket.email: ${M.email}`,
      `denuncia_ticket.pass: ${M.passwordNumber}`,
      `denuncia_ticket.pass: ${M.passwordUppercase}`,
      `denuncia_ticket.pass: ${M.passwordSpecial}`,
      `denuncia_ticket.pass: ${M.passwordMin}`,
      `filial: ${M.organizationInvalid}`,
      `email_contacto: ${M.emailsMatch}`,
    ]);
    expect(
      issuesOf(denunciaPayloadSchema, { ...anonymous, campo_toma_conocimiento_id: 8 }),
    ).toEqual([`campo_toma_conocimiento_id: ${M.optionUnknown}`]);
  });

  it('gives the same messages as the form for the same mistakes', () => {
    const cases: [keyof typeof identifiedForm, string, unknown, unknown][] = [
      ['description', 'relato', 'corto', 'corto'],
      ['occurrenceDate', 'fecha_delito', '31/12/2022', '31/12/2022'],
      ['occurrenceDate', 'fecha_delito', '29/02/2023', '29/02/2023'],
      ['canIdentify', 'campo_reconoce_involucrados_id', null, null],
      ['knowledgeSource', 'campo_toma_conocimiento_id', 9, 9],
      ['occurrenceZone', 'zona_id', '', ''],
    ];
    for (const [formField, wireField, formValue, wireValue] of cases) {
      const fromForm = messagesAt(
        complaintFormSchema,
        { ...identifiedForm, [formField]: formValue },
        formField,
      );
      const fromWire = messagesAt(
        denunciaPayloadSchema,
        { ...identified, [wireField]: wireValue },
        wireField,
      );
      expect(fromForm.length).toBeGreaterThan(0);
      expect(fromWire).toEqual(fromForm);
    }
    const personFields: [string, string, unknown][] = [
      ['complainantRut', 'rut', '1-9'],
      ['complainantContactNumber', 'fono', '12a'],
      ['complainantFirstName', 'nombres', ''],
    ];
    for (const [formField, wireField, value] of personFields) {
      expect(
        messagesAt(
          denunciaPayloadSchema,
          { ...identified, denunciante: { ...identified.denunciante, [wireField]: value } },
          `denunciante.${wireField}`,
        ),
      ).toEqual(
        messagesAt(complaintFormSchema, { ...identifiedForm, [formField]: value }, formField),
      );
    }
  });

  it('answers in Spanish when the body is not an object', () => {
    expect(issuesOf(denunciaPayloadSchema, null)).toEqual([`: ${M.invalidData}`]);
    expect(issuesOf(denunciaPayloadSchema, 'texto')).toEqual([`: ${M.invalidData}`]);
  });
});

describe('other payloads', () => {
  it('add-comentario', () => {
    expect(
      addCommentPayloadSchema.parse({ comentario: ' Hola ', denuncia_id: '123456789012' }),
    ).toEqual({
      comentario: 'Hola',
      denuncia_id: 123456789012,
    });
    expect(issuesOf(addCommentPayloadSchema, { comentario: '', denuncia_id: 'x' })).toEqual([
      `comentario: ${M.commentRequired}`,
      `denuncia_id: ${M.ticketDigits}`,
    ]);
    expect(
      issuesOf(addCommentPayloadSchema, { comentario: 'a'.repeat(3501), denuncia_id: 1 }),
    ).toEqual([`comentario: ${M.commentMax}`]);
  });

  it('upload-files bitacora: the comment may be empty', () => {
    expect(uploadBitacoraSchema.parse({ codigo: 5, usuario: 'a@b.cl' })).toEqual({
      codigo: 5,
      comentario: '',
      usuario: 'a@b.cl',
    });
    expect(issuesOf(uploadBitacoraSchema, { codigo: 5, comentario: null, usuario: 'x' })).toEqual([
      `usuario: ${M.email}`,
    ]);
  });

  it('login: ticket as number or numeric string', () => {
    expect(loginPayloadSchema.parse({ ticket: '123456789012', password: 'x' })).toEqual({
      ticket: 123456789012,
      password: 'x',
    });
    expect(issuesOf(loginPayloadSchema, { ticket: 'abc', password: '' })).toEqual([
      `ticket: ${M.ticketDigits}`,
      `password: ${M.empty}`,
    ]);
    expect(issuesOf(loginPayloadSchema, undefined)).toEqual([`: ${M.invalidData}`]);
  });

  it('code recovery: e-mail, optional integer code', () => {
    expect(codeRecoveryPayloadSchema.parse({ email: 'a@b.cl' })).toEqual({ email: 'a@b.cl' });
    expect(codeRecoveryPayloadSchema.parse({ email: 'a@b.cl', codigo: '' })).toEqual({
      email: 'a@b.cl',
    });
    expect(codeRecoveryPayloadSchema.parse({ email: 'a@b.cl', codigo: '77' })).toEqual({
      email: 'a@b.cl',
      codigo: 77,
    });
    expect(issuesOf(codeRecoveryPayloadSchema, { email: 'a' })).toEqual([`email: ${M.email}`]);
  });

  it('password recovery and status', () => {
    expect(passwordRecoveryPayloadSchema.parse({ codigo: 77, email: 'a@b.cl' })).toEqual({
      codigo: 77,
      email: 'a@b.cl',
    });
    expect(issuesOf(passwordRecoveryPayloadSchema, {})).toEqual([
      `codigo: ${M.empty}`,
      `email: ${M.empty}`,
    ]);
    expect(statusPayloadSchema.parse({ codigo: '9' })).toEqual({ codigo: 9 });
  });

  it('reset password', () => {
    const ok = { token: 'abc', password: 'Clave#1', repeatPassword: 'Clave#1' };
    expect(resetPasswordPayloadSchema.parse(ok)).toEqual(ok);
    expect(issuesOf(resetPasswordPayloadSchema, { ...ok, token: '', repeatPassword: 'x' })).toEqual(
      [`token: ${M.tokenInvalid}`, `repeatPassword: ${M.passwordsMatch}`],
    );
  });
});

describe('denunciaPayloadSchema: the accused and the representation (decision 0021)', () => {
  const karin = toDenunciaPayload({ ...identifiedForm, crimeId: 26 }, ticketInfo, filialId);
  const given = {
    denunciado_nombre: '  Pedro Soto  ',
    denunciado_cargo: 'Gerente general',
    denunciado_es_gerente: true,
    a_nombre_de_otro: true,
    fundamento_representacion: 'Soy su abogada, con poder simple.',
  };

  it('keeps them, trimmed, for types 26–28', () => {
    const parsed = denunciaPayloadSchema.parse({ ...karin, ...given });
    expect(parsed).toMatchObject({ ...given, denunciado_nombre: 'Pedro Soto' });
  });

  it('leaves out what says nothing, and the basis without a representation', () => {
    const parsed = denunciaPayloadSchema.parse({
      ...karin,
      denunciado_nombre: '',
      denunciado_cargo: null,
      denunciado_es_gerente: false,
      a_nombre_de_otro: false,
      fundamento_representacion: 'no aplica',
    });
    for (const key of Object.keys(given)) expect(parsed).not.toHaveProperty(key);
  });

  it('refuses them for another type, on the first one given', () => {
    expect(issuesOf(denunciaPayloadSchema, { ...identified, denunciado_cargo: 'Jefe' })).toEqual([
      `denunciado_cargo: ${M.law21643FieldsNotAllowed}`,
    ]);
    expect(issuesOf(denunciaPayloadSchema, { ...identified, denunciado_es_gerente: true })).toEqual(
      [`denunciado_es_gerente: ${M.law21643FieldsNotAllowed}`],
    );
    // A "no" or an empty text says nothing: accepted and dropped.
    expect(
      issuesOf(denunciaPayloadSchema, {
        ...identified,
        denunciado_es_gerente: false,
        denunciado_nombre: ' ',
      }),
    ).toEqual([]);
  });

  it('checks lengths and types, and asks the basis of a representation', () => {
    expect(
      issuesOf(denunciaPayloadSchema, {
        ...karin,
        denunciado_nombre: 'x'.repeat(201),
        denunciado_cargo: 'x'.repeat(201),
        a_nombre_de_otro: true,
      }),
    ).toEqual([
      `denunciado_nombre: ${M.accusedNameMax}`,
      `denunciado_cargo: ${M.accusedPositionMax}`,
      `fundamento_representacion: ${M.representationBasisRequired}`,
    ]);
    expect(
      issuesOf(denunciaPayloadSchema, {
        ...karin,
        a_nombre_de_otro: true,
        fundamento_representacion: 'x'.repeat(1001),
      }),
    ).toEqual([`fundamento_representacion: ${M.representationBasisMax}`]);
    expect(issuesOf(denunciaPayloadSchema, { ...karin, denunciado_es_gerente: 'sí' })).toEqual([
      `denunciado_es_gerente: ${M.invalidData}`,
    ]);
  });

  it('goes from the form through the mapper only for types 26–28', () => {
    const form = {
      ...identifiedForm,
      accusedName: ' Pedro Soto ',
      accusedPosition: '',
      accusedIsManager: true,
      onBehalfOfAnother: true,
      representationBasis: ' Poder simple ',
    };
    expect(toDenunciaPayload({ ...form, crimeId: 28 }, ticketInfo, filialId)).toMatchObject({
      denunciado_nombre: 'Pedro Soto',
      denunciado_es_gerente: true,
      a_nombre_de_otro: true,
      fundamento_representacion: 'Poder simple',
    });
    expect(toDenunciaPayload({ ...form, crimeId: 28 }, ticketInfo, filialId)).not.toHaveProperty(
      'denunciado_cargo',
    );
    const other = toDenunciaPayload(form, ticketInfo, filialId);
    for (const key of Object.keys(given)) expect(other).not.toHaveProperty(key);
  });
});
