// Wire schemas the API validates (SPEC §3 "Payload of complaint creation", "Other payloads", SPEC §7).
// They are built from the same field schemas as the forms, so both sides give identical messages.
import { z } from 'zod';
import {
  MAX_FILES_PER_REQUEST,
  STAFF_INTAKE_CHANNELS,
  normalizeActivationCode,
  isAnonymityBlocked,
  isLaw21643Type,
} from '../constants';
import { MESSAGES } from '../messages';
import type {
  AddCommentPayload,
  CodeRecoveryPayload,
  ComplaintFieldsPayload,
  DenunciaPayload,
  DenunciantePayload,
  LoginPayload,
  PasswordRecoveryPayload,
  ResetPasswordPayload,
  StaffIntakePayload,
  StatusPayload,
  UploadBitacoraPayload,
} from '../wire';
import { STAFF_MESSAGES } from './staff';
import { repeatField, sameEmail, samePassword } from './account';
import {
  accusedNameSchema,
  accusedPositionSchema,
  commentSchema,
  descriptionSchema,
  emailSchema,
  knowledgeSourceSchema,
  loginPasswordSchema,
  nameSchema,
  occurrenceDateSchema,
  optionalNameSchema,
  organizationIdSchema,
  otherPlaceSchema,
  passwordSchema,
  phoneSchema,
  requiredCommentSchema,
  representationBasisSchema,
  requiredOtherPlaceSchema,
  rutSchema,
  selectSchema,
  ticketNumberSchema,
} from './fields';
import { WHEN_OBJECT, addIssue, addIssuesFrom } from './refine';

/** The body itself is not an object. */
const body = { error: MESSAGES.invalidData } as const;

/** The complainant block, sent only when the complaint is not anonymous. */
export const denunciantePayloadSchema = z.object(
  {
    apellido_materno: optionalNameSchema,
    apellido_paterno: nameSchema,
    email: z.preprocess(
      (value: string | null | undefined) => (value === '' || value === null ? undefined : value),
      emailSchema.optional(),
    ),
    fono: phoneSchema,
    nombres: nameSchema,
    rut: rutSchema,
  },
  { error: MESSAGES.complainantRequired },
);

/** agencia_id: a positive id; null or absent means the place "Otro". */
const agencyIdSchema = z.preprocess(
  (value: number | string | null | undefined) => value ?? undefined,
  selectSchema.optional(),
);

/** An optional yes/no: null or absent is no answer. */
const optionalFlagSchema = z.preprocess(
  (value: boolean | null | undefined) => value ?? undefined,
  z.boolean({ error: MESSAGES.invalidData }).optional(),
);

/**
 * The fields of a complaint itself, whoever files it: the person in the portal or staff in the
 * back office (`staffIntakePayloadSchema`). One copy of each field and rule.
 */
const complaintFields = {
  campo_reconoce_involucrados_id: selectSchema,
  campo_toma_conocimiento_id: knowledgeSourceSchema,
  es_anonima: z.boolean({ error: MESSAGES.selectRequired }),
  fecha_delito: occurrenceDateSchema,
  filial: organizationIdSchema,
  otro_lugar: otherPlaceSchema,
  relacion_organizacion_id: selectSchema,
  relato: descriptionSchema,
  tipo_delito_id: selectSchema,
  zona_id: selectSchema,
  agencia_id: agencyIdSchema,
  denunciante: z.unknown().optional(),
  // Law 21.643 types only (decision 0021).
  denunciado_nombre: accusedNameSchema,
  denunciado_cargo: accusedPositionSchema,
  denunciado_es_gerente: optionalFlagSchema,
  a_nombre_de_otro: optionalFlagSchema,
  fundamento_representacion: representationBasisSchema,
};
type ComplaintFieldsInput = z.output<z.ZodObject<typeof complaintFields>>;

/** The Law 21.643 fields that say something (a text or a yes), in the payload's order. */
function law21643FieldsGiven(v: Partial<ComplaintFieldsInput>): string[] {
  const given: string[] = [];
  if (v.denunciado_nombre) given.push('denunciado_nombre');
  if (v.denunciado_cargo) given.push('denunciado_cargo');
  if (v.denunciado_es_gerente === true) given.push('denunciado_es_gerente');
  if (v.a_nombre_de_otro === true) given.push('a_nombre_de_otro');
  if (v.fundamento_representacion) given.push('fundamento_representacion');
  return given;
}

/**
 * Rules beyond the fields: `denunciante` is required (and checked) when `es_anonima` is false and
 * dropped when true; types 26–28 cannot be anonymous; without `agencia_id` the place is "Otro" and
 * `otro_lugar` is required (and dropped otherwise). The accused and representation fields are
 * refused for another type; with `a_nombre_de_otro` its basis is required (and dropped without).
 */
function complaintRules(v: Partial<ComplaintFieldsInput>, ctx: z.RefinementCtx): void {
  if (v.es_anonima === false) {
    if (v.denunciante === undefined || v.denunciante === null) {
      addIssue(ctx, ['denunciante'], MESSAGES.complainantRequired);
    } else {
      addIssuesFrom(ctx, denunciantePayloadSchema, v.denunciante, ['denunciante']);
    }
  } else if (
    v.es_anonima === true &&
    typeof v.tipo_delito_id === 'number' &&
    isAnonymityBlocked(v.tipo_delito_id)
  ) {
    addIssue(ctx, ['es_anonima'], MESSAGES.anonymityNotAllowed);
  }
  if (v.agencia_id === undefined) {
    addIssuesFrom(ctx, requiredOtherPlaceSchema, v.otro_lugar, ['otro_lugar']);
  }
  if (typeof v.tipo_delito_id === 'number' && !isLaw21643Type(v.tipo_delito_id)) {
    const [first] = law21643FieldsGiven(v);
    if (first !== undefined) addIssue(ctx, [first], MESSAGES.law21643FieldsNotAllowed);
  } else if (v.a_nombre_de_otro === true && !v.fundamento_representacion) {
    addIssue(ctx, ['fundamento_representacion'], MESSAGES.representationBasisRequired);
  }
}

/** The checked complaint fields, with the place and complainant kept only where they apply. */
function complaintFieldsOf(v: ComplaintFieldsInput): ComplaintFieldsPayload {
  const { denunciante, agencia_id, otro_lugar, ...rest } = v;
  const fields: ComplaintFieldsPayload = {
    campo_reconoce_involucrados_id: rest.campo_reconoce_involucrados_id,
    campo_toma_conocimiento_id: rest.campo_toma_conocimiento_id,
    es_anonima: rest.es_anonima,
    fecha_delito: rest.fecha_delito,
    filial: rest.filial,
    relacion_organizacion_id: rest.relacion_organizacion_id,
    relato: rest.relato,
    tipo_delito_id: rest.tipo_delito_id,
    zona_id: rest.zona_id,
  };
  if (agencia_id === undefined) fields.otro_lugar = otro_lugar ?? '';
  else fields.agencia_id = agencia_id;
  if (!v.es_anonima) {
    fields.denunciante = denunciantePayloadSchema.parse(denunciante) satisfies DenunciantePayload;
  }
  if (isLaw21643Type(v.tipo_delito_id)) {
    if (v.denunciado_nombre) fields.denunciado_nombre = v.denunciado_nombre;
    if (v.denunciado_cargo) fields.denunciado_cargo = v.denunciado_cargo;
    if (v.denunciado_es_gerente === true) fields.denunciado_es_gerente = true;
    if (v.a_nombre_de_otro === true) {
      fields.a_nombre_de_otro = true;
      fields.fundamento_representacion = v.fundamento_representacion ?? '';
    }
  }
  return fields;
}

const { campo_reconoce_involucrados_id, campo_toma_conocimiento_id, ...laterComplaintFields } =
  complaintFields;

/** What a filing naming its pending files is told when they cannot be named (decision 0074). */
export const PENDING_MESSAGES = {
  filing: MESSAGES.pendingFilingInvalid,
  upload: 'Una de las subidas no es válida.',
  list: 'Las subidas deben ser una lista.',
  tooMany: `Puede adjuntar como máximo ${MAX_FILES_PER_REQUEST} archivos por envío.`,
} as const;

/**
 * The `denuncia` JSON part of POST /v1/denuncias: the complaint's fields and rules, the ticket's
 * e-mail and password, and `email_contacto`, which must be the ticket e-mail.
 */
export const denunciaPayloadSchema = z
  .object(
    {
      // The spec's field order (the first message the API answers follows it).
      campo_reconoce_involucrados_id,
      campo_toma_conocimiento_id,
      denuncia_ticket: z.object(
        { email: emailSchema, pass: passwordSchema },
        { error: MESSAGES.empty },
      ),
      email_contacto: emailSchema,
      ...laterComplaintFields,
      // The filing form's files sent before the filing (decision 0074): the pending filing and
      // its finished uploads, which become the complaint's files.
      borrador: z.uuid({ error: PENDING_MESSAGES.filing }).optional(),
      subidas: z
        .array(z.uuid({ error: PENDING_MESSAGES.upload }), { error: PENDING_MESSAGES.list })
        .max(MAX_FILES_PER_REQUEST, { error: PENDING_MESSAGES.tooMany })
        .optional(),
    },
    body,
  )
  .superRefine((v, ctx) => {
    complaintRules(v, ctx);
    if (v.subidas?.length && v.borrador === undefined)
      addIssue(ctx, ['borrador'], PENDING_MESSAGES.filing);
    const ticketEmail = (v.denuncia_ticket as { email?: unknown } | undefined)?.email;
    if (
      typeof v.email_contacto === 'string' &&
      typeof ticketEmail === 'string' &&
      !sameEmail(v.email_contacto, ticketEmail)
    ) {
      addIssue(ctx, ['email_contacto'], MESSAGES.emailsMatch);
    }
  }, WHEN_OBJECT)
  .transform((v): DenunciaPayload => ({
    ...complaintFieldsOf(v),
    denuncia_ticket: v.denuncia_ticket,
    email_contacto: v.email_contacto,
    ...(v.borrador === undefined ? {} : { borrador: v.borrador }),
    ...(v.subidas === undefined ? {} : { subidas: v.subidas }),
  }));

/**
 * POST /v1/gestion/denuncias: a complaint staff received verbally, in writing or in person. The
 * same fields and rules as the portal's; instead of a ticket e-mail and password, the channel and
 * an optional contact e-mail (the person sets their own password from the activation link).
 */
export const staffIntakePayloadSchema = z
  .object(
    {
      ...complaintFields,
      canal: z.enum(STAFF_INTAKE_CHANNELS, { error: STAFF_MESSAGES.intakeChannel }),
      email_contacto: z.preprocess(
        (value: string | null | undefined) => (value === '' || value === null ? undefined : value),
        emailSchema.optional(),
      ),
    },
    body,
  )
  .superRefine(complaintRules, WHEN_OBJECT)
  .transform((v): StaffIntakePayload => {
    const payload: StaffIntakePayload = { ...complaintFieldsOf(v), canal: v.canal };
    if (v.email_contacto !== undefined) payload.email_contacto = v.email_contacto;
    return payload;
  });

/** POST /v1/denuncias/add-comentario */
export const addCommentPayloadSchema = z.object(
  {
    comentario: requiredCommentSchema,
    denuncia_id: ticketNumberSchema,
  },
  body,
) satisfies z.ZodType<AddCommentPayload, unknown>;

/** The `bitacora` part of POST /v1/denuncias/upload-files: the comment may be empty. */
export const uploadBitacoraSchema = z.object(
  {
    codigo: ticketNumberSchema,
    comentario: z.preprocess((value: string | null | undefined) => value ?? '', commentSchema),
    usuario: emailSchema,
    subidas: z.array(z.uuid()).max(MAX_FILES_PER_REQUEST).optional(),
  },
  body,
) satisfies z.ZodType<UploadBitacoraPayload, unknown>;

/** POST /v1/denuncias/login */
export const loginPayloadSchema = z.object(
  {
    ticket: ticketNumberSchema,
    password: loginPasswordSchema,
  },
  body,
) satisfies z.ZodType<LoginPayload, unknown>;

/** POST /v1/denuncias/codigo: the e-mail; a code may come along and is then an integer. */
export const codeRecoveryPayloadSchema = z.object(
  {
    email: emailSchema,
    codigo: z.preprocess(
      (value: number | string | null | undefined) =>
        value === null || value === '' ? undefined : value,
      ticketNumberSchema.optional(),
    ),
  },
  body,
) satisfies z.ZodType<CodeRecoveryPayload, unknown>;

/** POST /v1/denuncias/recuperar-password */
export const passwordRecoveryPayloadSchema = z.object(
  {
    codigo: ticketNumberSchema,
    email: emailSchema,
  },
  body,
) satisfies z.ZodType<PasswordRecoveryPayload, unknown>;

/** POST /v1/denuncias/estado-denuncia (DESIGN §4.8) */
export const statusPayloadSchema = z.object(
  {
    codigo: ticketNumberSchema,
  },
  body,
) satisfies z.ZodType<StatusPayload, unknown>;

/** The new password set from the reset link (DESIGN §5). */
export const resetPasswordPayloadSchema = z
  .object(
    {
      token: z
        .string({ error: MESSAGES.tokenInvalid })
        .trim()
        .min(1, MESSAGES.tokenInvalid)
        .max(512, MESSAGES.tokenInvalid),
      password: passwordSchema,
      repeatPassword: repeatField(MESSAGES.passwordsMatch),
    },
    body,
  )
  .superRefine((v, ctx) => {
    if (!samePassword(v.password, v.repeatPassword))
      addIssue(ctx, ['repeatPassword'], MESSAGES.passwordsMatch);
  }, WHEN_OBJECT) satisfies z.ZodType<ResetPasswordPayload, unknown>;

/**
 * POST /v1/denuncias/activar, and the portal's activation page (decision 0075): the case number
 * and the short code of the receipt of a complaint recorded by staff, and the person's new password
 * (the rules and messages of the save modal). The code arrives as typed; its spaces, hyphens and
 * case do not matter.
 */
export const activationPayloadSchema = z
  .object(
    {
      numero: z
        .string({ error: MESSAGES.caseNumberRequired })
        .trim()
        .toUpperCase()
        .min(1, MESSAGES.caseNumberRequired)
        .max(40, MESSAGES.caseNumberInvalid)
        .regex(/^[A-Z]+-\d{4}-\d{5,}$/, MESSAGES.caseNumberInvalid),
      codigo_activacion: z
        .string({ error: MESSAGES.activationCodeRequired })
        .trim()
        .min(1, MESSAGES.activationCodeRequired)
        .max(40, MESSAGES.activationCodeInvalid)
        .refine((v) => normalizeActivationCode(v) !== null, MESSAGES.activationCodeInvalid),
      password: passwordSchema,
      repeatPassword: repeatField(MESSAGES.passwordsMatch),
    },
    body,
  )
  .superRefine((v, ctx) => {
    if (!samePassword(v.password, v.repeatPassword))
      addIssue(ctx, ['repeatPassword'], MESSAGES.passwordsMatch);
  }, WHEN_OBJECT);
export type ActivationPayload = z.output<typeof activationPayloadSchema>;
