import { describe, expect, it } from 'vitest';
import { MESSAGES, type MessageKey } from './messages';
import { toDenunciaPayload } from './mappers';
import {
  activationPayloadSchema,
  addCommentPayloadSchema,
  complaintFormSchema,
  denunciaPayloadSchema,
  loginSchema,
  organizationIdSchema,
  resetPasswordPayloadSchema,
  saveModalSchema,
} from './schemas';
import { messagesOf } from './schemas/test-helpers';
import { anonymousForm, filialId, identifiedForm, ticketInfo } from '@canal/test-support/fixtures';

/** Texts SPEC §2, §5 and §8 quote: they must stay word for word. */
const QUOTED: Partial<Record<MessageKey, string>> = {
  selectRequired: '* Debe seleccionar una opción.',
  empty: '* Este campo no puede estar vacío.',
  descriptionMin: '* La descripcion no puede tener menos de 10 caracteres.',
  phoneDigits: '* El número de teléfono debe contener solo números.',
  phoneLength: '* El número de contacto debe tener 9 dígitos.',
  rut: '* RUT inválido o formato incorrecto (1234567-8)',
  email: '* Debe ingresar un email válido.',
  emailsMatch: '* Los emails deben coincidir.',
  passwordNumber: '* La contraseña debe contener al menos un número.',
  passwordUppercase: '* La contraseña debe contener al menos una letra mayúscula.',
  passwordSpecial: '* La contraseña debe contener al menos un carácter especial.',
  passwordMin: '* La contraseña no puede tener menos de 6 caracteres.',
  passwordsMatch: '* Las contraseñas deben coincidir.',
  descriptionHint: 'Mínimo 10 caracteres | Máximo 3500 caracteres',
  commentHint: 'Máximo 3500 caracteres',
  loginUnauthorized: 'Código o contraseña incorrecta',
  loginMissingFields: 'error!',
  unknownError: 'Error desconocido',
  codeRecoveryFailed: 'No se encontró la información.',
  passwordRecoveryFailed: 'El correo y/o el código son incorrectos.',
  fileTypeNotAllowed:
    'Error al guardar su denuncia. El archivo que intenta subir no está permitido, por favor intente nuevamente con un formato diferente.',
  timeout: 'HTTP request timeout',
  routeUnknownError: 'Error Desconocido',
};

const form = { ...identifiedForm };
const wire = toDenunciaPayload(identifiedForm, ticketInfo, filialId);

/** How each field message is produced by a schema (the test proves it is reachable). */
/** A valid activation (decision 0075), each producer spoils one field. */
const activation = {
  numero: 'CD-2026-00012',
  codigo_activacion: 'k7qf 2m9x',
  password: 'Ab1!xx',
  repeatPassword: 'Ab1!xx',
};

const PRODUCED: Partial<Record<MessageKey, () => string[]>> = {
  selectRequired: () => messagesOf(complaintFormSchema, { ...form, canIdentify: '' }),
  empty: () => messagesOf(complaintFormSchema, { ...form, complainantFirstName: '' }),
  descriptionMin: () => messagesOf(complaintFormSchema, { ...form, description: 'corto' }),
  descriptionMax: () => messagesOf(complaintFormSchema, { ...form, description: 'a'.repeat(3501) }),
  phoneDigits: () =>
    messagesOf(complaintFormSchema, { ...form, complainantContactNumber: '9123456a8' }),
  phoneLength: () =>
    messagesOf(complaintFormSchema, { ...form, complainantContactNumber: '91234567' }),
  rut: () => messagesOf(complaintFormSchema, { ...form, complainantRut: '11.111.111-2' }),
  nameMax: () => messagesOf(complaintFormSchema, { ...form, complainantLastName: 'a'.repeat(101) }),
  otherPlaceMax: () =>
    messagesOf(complaintFormSchema, { ...anonymousForm, otherPlace: 'a'.repeat(201) }),
  dateInvalid: () => messagesOf(complaintFormSchema, { ...form, occurrenceDate: '31/02/2024' }),
  dateOutOfRange: () => messagesOf(complaintFormSchema, { ...form, occurrenceDate: '31/12/2022' }),
  optionUnknown: () => messagesOf(complaintFormSchema, { ...form, knowledgeSource: 8 }),
  anonymityNotAllowed: () => messagesOf(complaintFormSchema, { ...anonymousForm, crimeId: 27 }),
  email: () =>
    messagesOf(saveModalSchema, {
      email: 'x@y',
      repeatEmail: 'x@y',
      password: 'Ab1!xx',
      repeatPassword: 'Ab1!xx',
    }),
  emailsMatch: () =>
    messagesOf(saveModalSchema, {
      email: 'x@y.cl',
      repeatEmail: 'z@y.cl',
      password: 'Ab1!xx',
      repeatPassword: 'Ab1!xx',
    }),
  passwordNumber: () =>
    messagesOf(saveModalSchema, {
      email: 'x@y.cl',
      repeatEmail: 'x@y.cl',
      password: 'Abc!xx',
      repeatPassword: 'Abc!xx',
    }),
  passwordUppercase: () =>
    messagesOf(saveModalSchema, {
      email: 'x@y.cl',
      repeatEmail: 'x@y.cl',
      password: 'ab1!xx',
      repeatPassword: 'ab1!xx',
    }),
  passwordSpecial: () =>
    messagesOf(saveModalSchema, {
      email: 'x@y.cl',
      repeatEmail: 'x@y.cl',
      password: 'Ab1xxx',
      repeatPassword: 'Ab1xxx',
    }),
  passwordMin: () =>
    messagesOf(saveModalSchema, {
      email: 'x@y.cl',
      repeatEmail: 'x@y.cl',
      password: 'Ab1!',
      repeatPassword: 'Ab1!',
    }),
  passwordMax: () => {
    const long = `Ab1!${'x'.repeat(130)}`;
    return messagesOf(saveModalSchema, {
      email: 'x@y.cl',
      repeatEmail: 'x@y.cl',
      password: long,
      repeatPassword: long,
    });
  },
  passwordsMatch: () =>
    messagesOf(saveModalSchema, {
      email: 'x@y.cl',
      repeatEmail: 'x@y.cl',
      password: 'Ab1!xx',
      repeatPassword: 'Ab1!xy',
    }),
  commentRequired: () => messagesOf(addCommentPayloadSchema, { comentario: ' ', denuncia_id: 1 }),
  commentMax: () =>
    messagesOf(addCommentPayloadSchema, { comentario: 'a'.repeat(3501), denuncia_id: 1 }),
  ticketDigits: () => messagesOf(loginSchema, { ticket: '12a', password: 'x' }),
  complainantRequired: () => messagesOf(denunciaPayloadSchema, { ...wire, denunciante: undefined }),
  accusedNameMax: () =>
    messagesOf(complaintFormSchema, { ...form, crimeId: 26, accusedName: 'a'.repeat(201) }),
  accusedPositionMax: () =>
    messagesOf(complaintFormSchema, { ...form, crimeId: 26, accusedPosition: 'a'.repeat(201) }),
  representationBasisMax: () =>
    messagesOf(complaintFormSchema, {
      ...form,
      crimeId: 26,
      onBehalfOfAnother: true,
      representationBasis: 'a'.repeat(1001),
    }),
  representationBasisRequired: () =>
    messagesOf(complaintFormSchema, { ...form, crimeId: 26, onBehalfOfAnother: true }),
  law21643FieldsNotAllowed: () =>
    messagesOf(denunciaPayloadSchema, { ...wire, denunciado_nombre: 'Jefe de turno' }),
  organizationInvalid: () => messagesOf(organizationIdSchema, 'otra'),
  invalidData: () => messagesOf(denunciaPayloadSchema, 'no es un objeto'),
  tokenInvalid: () =>
    messagesOf(resetPasswordPayloadSchema, {
      token: '',
      password: 'Ab1!xx',
      repeatPassword: 'Ab1!xx',
    }),
  // The activation code's page (decision 0075).
  caseNumberRequired: () => messagesOf(activationPayloadSchema, { ...activation, numero: ' ' }),
  caseNumberInvalid: () => messagesOf(activationPayloadSchema, { ...activation, numero: '12' }),
  activationCodeRequired: () =>
    messagesOf(activationPayloadSchema, { ...activation, codigo_activacion: '' }),
  activationCodeInvalid: () =>
    messagesOf(activationPayloadSchema, { ...activation, codigo_activacion: 'O0I1-LLLL' }),
};

/** Texts used as they are by the web and the API (no schema produces them). */
const USED_AS_IS: MessageKey[] = [
  'descriptionHint',
  'commentHint',
  'loginUnauthorized',
  'loginMissingFields',
  'unknownError',
  'codeRecoveryFailed',
  'passwordRecoveryFailed',
  'uploadRejected',
  'fileTypeNotAllowed',
  'httpError',
  'timeout',
  'routeError',
  'routeUnknownError',
  'anonymityNotice',
  'noConnection',
  'serviceNotAnswering',
  'serviceTooSlow',
  'unexpectedError',
  'complainantRights',
  'pendingFilingInvalid',
];

describe('MESSAGES', () => {
  it.each(Object.entries(QUOTED))('%s is quoted word for word', (key, text) => {
    expect(MESSAGES[key as MessageKey]).toBe(text);
  });

  it('builds the messages with parameters', () => {
    expect(MESSAGES.uploadRejected(['a.exe', 'b.mov'])).toBe(
      'Los siguientes archivos exceden el límite de 120MB o son inválidos: a.exe, b.mov',
    );
    expect(MESSAGES.httpError('Not Found', '/v1/denuncias/1')).toBe(
      'HTTP Not Found error has ocurred calling /v1/denuncias/1',
    );
    expect(MESSAGES.routeError(404, 'Not Found')).toBe('404 - Not Found');
  });

  it.each(Object.entries(PRODUCED))(
    '%s is produced by a schema with its exact text',
    (key, produce) => {
      expect(produce()).toContain(MESSAGES[key as MessageKey]);
    },
  );

  it('has every message either produced by a schema or used as it is', () => {
    const covered = new Set<string>([...Object.keys(PRODUCED), ...USED_AS_IS]);
    expect(Object.keys(MESSAGES).filter((key) => !covered.has(key))).toEqual([]);
  });

  it('writes every field message the same way: "* " then a sentence ending in a full stop', () => {
    for (const key of Object.keys(PRODUCED) as MessageKey[]) {
      const text = MESSAGES[key];
      if (typeof text !== 'string' || key === 'rut' || key === 'invalidData') continue;
      expect(text).toMatch(/^\* .+\.$/);
    }
  });
});
