// Every text a person reads that the shared code produces. The texts quoted by SPEC §5 and §8 are
// copied word for word (including the spec's own spelling); the others are written for this project.
import {
  ACCUSED_NAME_MAX,
  ACCUSED_POSITION_MAX,
  COMMENT_MAX,
  DESCRIPTION_MAX,
  NAME_MAX,
  OTHER_PLACE_MAX,
  PASSWORD_MAX,
  REPRESENTATION_BASIS_MAX,
} from './constants';
import { FIRST_LOAD_MESSAGES } from './first-load-messages';

export const MESSAGES = {
  ...FIRST_LOAD_MESSAGES,
  // ---- Field errors quoted by SPEC §5 ----
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

  // ---- Hints quoted by SPEC §2 and §5 ----
  descriptionHint: 'Mínimo 10 caracteres | Máximo 3500 caracteres',
  commentHint: 'Máximo 3500 caracteres',

  // ---- Catalogue quoted by SPEC §8 ----
  loginUnauthorized: 'Código o contraseña incorrecta',
  unknownError: 'Error desconocido',
  codeRecoveryFailed: 'No se encontró la información.',
  passwordRecoveryFailed: 'El correo y/o el código son incorrectos.',
  uploadRejected: (fileNames: readonly string[]): string =>
    `Los siguientes archivos exceden el límite de 120MB o son inválidos: ${fileNames.join(', ')}`,
  fileTypeNotAllowed:
    'Error al guardar su denuncia. El archivo que intenta subir no está permitido, por favor intente nuevamente con un formato diferente.',
  httpError: (statusName: string, url: string): string =>
    `HTTP ${statusName} error has ocurred calling ${url}`,
  timeout: 'HTTP request timeout',

  // ---- When the service cannot be reached (issue 12: the spec's technical strings go to the
  // console; a person reads what happened and what to do); noConnection is in FIRST_LOAD_MESSAGES ----
  serviceNotAnswering:
    'El servicio no está respondiendo en este momento. Intente nuevamente en unos minutos; lo que escribió no se ha perdido.',
  /** The API's own 500 answer, and what a person reads when an error answer carries no message. */
  unexpectedError: 'Ocurrió un error inesperado. Intente nuevamente más tarde.',
  serviceTooSlow:
    'El servicio tardó demasiado en responder. Intente nuevamente en unos minutos; lo que escribió no se ha perdido.',
  /** A filing names a pending filing (decision 0074) the server does not have for its token. */
  pendingFilingInvalid:
    'El envío de sus archivos no es válido. Vuelva a seleccionar sus archivos y envíe nuevamente.',

  // ---- Field errors the spec does not word (written for this project) ----
  descriptionMax: `* La descripción no puede tener más de ${DESCRIPTION_MAX} caracteres.`,
  commentMax: `* El comentario no puede tener más de ${COMMENT_MAX} caracteres.`,
  commentRequired: '* Debe escribir un comentario.',
  otherPlaceMax: `* El lugar no puede tener más de ${OTHER_PLACE_MAX} caracteres.`,
  nameMax: `* Este campo no puede tener más de ${NAME_MAX} caracteres.`,
  accusedNameMax: `* El nombre no puede tener más de ${ACCUSED_NAME_MAX} caracteres.`,
  accusedPositionMax: `* El cargo no puede tener más de ${ACCUSED_POSITION_MAX} caracteres.`,
  representationBasisMax: `* El fundamento no puede tener más de ${REPRESENTATION_BASIS_MAX} caracteres.`,
  representationBasisRequired:
    '* Indique el fundamento por el que presenta la denuncia a nombre de otra persona.',
  /** The accused and representation fields sent with a complaint of another type (decision 0021). */
  law21643FieldsNotAllowed:
    '* Los datos de la persona denunciada y de la representación solo se piden en denuncias de acoso laboral, acoso sexual o violencia en el trabajo (Ley 21.643).',
  passwordMax: `* La contraseña no puede tener más de ${PASSWORD_MAX} caracteres.`,
  dateInvalid: '* La fecha no es válida. Use el formato dd-mm-aaaa.',
  dateOutOfRange: '* La fecha debe estar entre el 01-01-2023 y hoy.',
  optionUnknown: '* La opción seleccionada no es válida.',
  anonymityNotAllowed:
    '* Las denuncias de acoso laboral, acoso sexual o violencia en el trabajo no pueden ser anónimas.',
  /** Notice beside the disabled anonymity checkbox (types 26, 27, 28). */
  anonymityNotice:
    'Las denuncias de acoso laboral, acoso sexual o violencia en el trabajo no pueden ser anónimas (Ley 21.643).',
  complainantRequired: '* Debe ingresar los datos del denunciante.',
  /** A request body that is not the expected object. */
  invalidData: 'Los datos enviados no son válidos.',
  ticketDigits: '* El código debe contener solo números.',
  organizationInvalid: '* La organización indicada no es válida.',
  tokenInvalid: '* El enlace no es válido o ya expiró.',
  /** The portal's activation page (decision 0075): the case number and the code of the receipt. */
  caseNumberRequired: '* Ingrese el número de caso que aparece en su comprobante.',
  caseNumberInvalid:
    '* El número de caso no es válido. Cópielo tal como aparece en su comprobante.',
  activationCodeRequired: '* Ingrese el código de activación de su comprobante.',
  activationCodeInvalid:
    '* El código de activación tiene 8 letras y números, por ejemplo K7QF-2M9X.',

  // ---- The complainant's rights (Law 21.643): the portal's detail page and the closing mail ----
  complainantRights:
    'Además de este canal, siempre es posible acudir a la Dirección del Trabajo y, si los hechos pudieran constituir un delito, hacer la denuncia ante Carabineros, la Policía de Investigaciones (PDI) o la Fiscalía.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
