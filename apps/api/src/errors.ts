import { MESSAGES, RETALIATION_MESSAGES } from '@canal/shared';

/**
 * The one error type services throw. Each code has one HTTP status and one Spanish message the
 * person reads; the central handler turns it into `{message}`. Anything else thrown is a bug and
 * leaves the server as a 500 with a generic message.
 */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Los datos enviados no son válidos.' },
  INVALID_JSON: { status: 400, message: 'El contenido enviado no tiene un formato válido.' },
  NUL_CHARACTER: {
    status: 400,
    message:
      'El texto enviado contiene un carácter nulo, que no se admite. Revíselo e intente nuevamente.',
  },
  UNKNOWN_ORGANIZATION: { status: 400, message: 'La organización indicada no es válida.' },
  MISSING_ORGANIZATION: {
    status: 400,
    message: 'Falta indicar la organización (encabezado x-filial).',
  },
  MALFORMED_FORM: {
    status: 400,
    message: 'El formulario enviado está incompleto o mal formado. Intente nuevamente.',
  },
  FILE_NAME_TOO_LONG: {
    status: 400,
    message: 'El nombre de un archivo es demasiado largo (máximo 200 caracteres).',
  },
  MISSING_COMPLAINT_PART: { status: 400, message: 'Falta la información de la denuncia.' },
  TOO_MANY_FILES: { status: 400, message: 'Puede adjuntar como máximo 10 archivos por envío.' },
  COMPLAINT_FILE_QUOTA: {
    status: 400,
    message: 'La denuncia alcanzó el máximo de 50 archivos o 2 GB adjuntos.',
  },
  EMPTY_FILE: { status: 400, message: 'Uno de los archivos está vacío.' },
  /** A pending filing's token (header `x-borrador`) that opens none: expired, filed or wrong. */
  PENDING_FILING_GONE: {
    status: 404,
    message:
      'El envío de sus archivos ya no está disponible. Vuelva a seleccionar sus archivos y envíe nuevamente.',
  },
  /** Pending filings opened from one address in the hour: as many as filings (decision 0074). */
  PENDING_FILING_LIMIT: {
    status: 429,
    message:
      'Desde esta red se iniciaron muchos envíos en la última hora. Lo que escribió se conserva en el formulario: intente nuevamente más tarde.',
  },
  NOTHING_TO_SAVE: {
    status: 400,
    message: 'Debe escribir un comentario o adjuntar al menos un archivo.',
  },
  UNAUTHORIZED: {
    status: 401,
    message: 'Su sesión no es válida o expiró. Ingrese nuevamente con su código y contraseña.',
  },
  LOGIN_FAILED: { status: 401, message: 'Código o contraseña incorrecta' },
  STAFF_UNAUTHORIZED: {
    status: 401,
    message: 'Su sesión no es válida o expiró. Ingrese nuevamente.',
  },
  STAFF_LOGIN_FAILED: {
    status: 401,
    message: 'El correo, la contraseña o el código de verificación son incorrectos.',
  },
  FORBIDDEN: { status: 403, message: 'No tiene permiso para realizar esta acción.' },
  CSRF_FAILED: {
    status: 403,
    message:
      'No pudimos verificar el origen de la solicitud. Recargue la página e intente nuevamente.',
  },
  BOT_CHECK_FAILED: {
    status: 403,
    message: 'No pudimos verificar que la solicitud proviene de una persona. Intente nuevamente.',
  },
  NOT_FOUND: { status: 404, message: 'No se encontró la denuncia solicitada.' },
  CASE_NOT_FOUND: { status: 404, message: 'No se encontró el caso solicitado.' },
  /** Law 21.719 (issue 19): what staff read of a case the retention sweep erased. */
  CASE_ERASED: {
    status: 410,
    message:
      'El caso fue eliminado al vencer su plazo de conservación: solo queda su registro, sin datos personales.',
  },
  CASE_BLOCKED: {
    status: 423,
    message:
      'El caso está bloqueado: nadie puede ver ni exportar su contenido hasta que un administrador levante el bloqueo.',
  },
  /** The complainant signs in to a complaint the retention sweep erased. */
  COMPLAINT_ERASED: {
    status: 410,
    message:
      'Esta denuncia fue eliminada al cumplirse su plazo de conservación, como exige la ley de protección de datos personales. Ya no es posible consultarla.',
  },
  /** A complaint filed before receipts were signed (migration 033): its summary stays unsealed. */
  RECEIPT_UNAVAILABLE: {
    status: 409,
    message: 'Esta denuncia se recibió antes de que el canal firmara sus comprobantes.',
  },
  /** A document too large for the verification API (the page or the offline check take it). */
  DOCUMENT_TOO_LARGE: {
    status: 413,
    message:
      'El documento es demasiado grande para verificarlo aquí: use la página «Verificar documento» o la verificación sin conexión.',
  },
  LEGAL_HOLD_EXISTS: { status: 409, message: 'El caso ya está bajo retención legal.' },
  LEGAL_HOLD_MISSING: { status: 409, message: 'El caso no está bajo retención legal.' },
  CASE_BLOCK_EXISTS: { status: 409, message: 'El caso ya está bloqueado.' },
  CASE_BLOCK_MISSING: { status: 409, message: 'El caso no está bloqueado.' },
  VIEW_NOT_FOUND: { status: 404, message: 'No se encontró la vista guardada.' },
  AUDIT_ENTRY_NOT_FOUND: {
    status: 404,
    message: 'No se encontró la entrada del registro de auditoría, o no puede verla.',
  },
  NO_AUDIT_CHECKPOINT: {
    status: 404,
    message: 'Aún no se ha firmado ningún punto de control del registro de auditoría.',
  },
  AUDIT_TREE_SIZE: {
    status: 409,
    message:
      'El registro de auditoría no tiene ese tamaño todavía, o la entrada no está en un árbol de ese tamaño.',
  },
  LINKED_CASE_NOT_FOUND: { status: 404, message: 'No se encontró el otro caso.' },
  LINK_TO_ITSELF: { status: 400, message: 'Un caso no puede vincularse consigo mismo.' },
  USER_NOT_FOUND: { status: 404, message: 'No se encontró el usuario solicitado.' },
  SSO_PROVIDER_NOT_FOUND: {
    status: 404,
    message: 'No se encontró ese proveedor de inicio de sesión.',
  },
  SSO_PROVIDER_FROM_ENVIRONMENT: {
    status: 409,
    message:
      'Ese proveedor está configurado en el entorno del servidor: solo puede cambiarse allí (OIDC_PROVIDERS).',
  },
  SSO_SECRET_REQUIRED: {
    status: 400,
    message: 'Escriba el secreto de cliente (client secret) registrado en el proveedor.',
  },
  SSO_UNAVAILABLE: {
    status: 503,
    message:
      'No pudimos comunicarnos con el proveedor de identidad. Intente nuevamente en unos minutos.',
  },
  SSO_REQUIRED: {
    status: 403,
    message:
      'Su organización exige ingresar con su cuenta institucional: use el botón de inicio de sesión único.',
  },
  SESSION_NOT_FOUND: { status: 404, message: 'No se encontró esa sesión: ya terminó.' },
  /** Passkeys (decision 0076). */
  PASSKEY_REGISTRATION_FAILED: {
    status: 400,
    message:
      'No pudimos registrar la llave de acceso: la respuesta no corresponde a este sitio o el tiempo para crearla venció. Intente nuevamente.',
  },
  PASSKEY_TAKEN: { status: 409, message: 'Esa llave de acceso ya está registrada.' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'No se encontró esa llave de acceso.' },
  PASSKEY_SIGN_IN_FAILED: {
    status: 401,
    message:
      'No pudimos verificar su llave de acceso, o el correo o la contraseña son incorrectos. Intente nuevamente.',
  },
  PASSKEY_REQUIRED_TO_SIGN_IN: {
    status: 403,
    message:
      'Las personas administradoras deben ingresar con su llave de acceso. Si la perdió, pida a otra persona administradora que la restablezca.',
  },
  PASSKEY_POLICY_WITHOUT_OWN: {
    status: 409,
    message:
      'Registre primero su propia llave de acceso en «Mis sesiones»; después podrá exigirlas a las personas administradoras.',
  },
  PASSKEY_PENDING: {
    status: 403,
    message:
      'Antes de continuar debe registrar una llave de acceso: es obligatoria para las personas administradoras.',
  },
  ALERT_RULE_NOT_FOUND: { status: 404, message: 'No se encontró la regla de aviso solicitada.' },
  MASTER_ITEM_NOT_FOUND: {
    status: 404,
    message: 'No se encontró ese elemento en la lista de la organización.',
  },
  ROUTE_NOT_FOUND: { status: 404, message: 'El recurso solicitado no existe.' },
  RESET_PAIR_MISMATCH: { status: 404, message: 'El correo y/o el código son incorrectos.' },
  LINK_INVALID: { status: 410, message: 'El enlace no es válido o ya expiró. Solicite uno nuevo.' },
  // The portal's activation page (decision 0075): the same 404 for an unknown case number, a case
  // of another organisation and a wrong code; a spent code only to whoever typed it right.
  ACTIVATION_MISMATCH: {
    status: 404,
    message:
      'El número de caso o el código de activación no son correctos. Revíselos en su comprobante.',
  },
  ACTIVATION_SPENT: {
    status: 410,
    message:
      'Ese código de activación ya se usó, venció o fue reemplazado por uno nuevo. Si necesita otro, acuda en persona al equipo que recibió su denuncia.',
  },
  ACTIVATION_PORTAL_CASE: {
    status: 409,
    message:
      'Esta denuncia se ingresó en el portal: la persona recupera su contraseña con «Olvidé la contraseña de mi denuncia».',
  },
  UPLOAD_NOT_ALLOWED: {
    status: 409,
    message:
      'Solo puede adjuntar archivos cuando su denuncia tiene el estado «Faltan antecedentes».',
  },
  EMAIL_TAKEN: { status: 409, message: 'Ya existe un usuario con ese correo.' },
  LAST_ADMINISTRATOR: {
    status: 409,
    message: 'Debe quedar al menos un administrador activo.',
  },
  ALERT_RULE_TAKEN: {
    status: 409,
    message: 'Esa persona ya tiene una regla de aviso para esa organización y categoría.',
  },
  ALERT_RULE_ASSIGNEE_TAKEN: {
    status: 409,
    message: 'Ya hay una regla que asigna los casos de esa organización y categoría.',
  },
  /** Master data: the name is in the list already (the message names it). */
  MASTER_NAME_TAKEN: { status: 409, message: 'Ya existe un elemento con ese nombre en la lista.' },
  /** Master data: the change would break the legal meaning of a Law 21.643 type (decision 0020). */
  MASTER_LEGAL_TYPE: {
    status: 409,
    message: 'Los tipos de denuncia de la Ley N° 21.643 no admiten ese cambio.',
  },
  MASTER_LAST_ACTIVE: {
    status: 409,
    message: 'Debe quedar al menos un elemento activo en la lista.',
  },
  SAME_STATUS: { status: 409, message: 'El caso ya tiene ese estado.' },
  SAME_TYPE: { status: 409, message: 'El caso ya tiene ese tipo de denuncia.' },
  CASE_CLOSED: { status: 409, message: 'El caso está cerrado y no admite ese cambio.' },
  /** Closing a case with legal milestones open needs them confirmed; the message names them. */
  OPEN_MILESTONES: {
    status: 409,
    message: 'El caso tiene hitos legales abiertos. Para cerrarlo, confirme los hitos abiertos.',
  },
  COMPLAINT_CLOSED: {
    status: 409,
    message: 'La denuncia está cerrada y no admite ese cambio.',
  },
  /** "Sufrí represalias" is for a closed complaint; while open a comment reaches the team (0060). */
  COMPLAINT_OPEN: { status: 409, message: RETALIATION_MESSAGES.notClosed },
  NO_OPEN_RETALIATION: {
    status: 404,
    message: 'No se encontró ese aviso de represalias por atender en sus casos.',
  },
  /** At most one request to replace the investigator waits for an answer (decision 0022). */
  REPLACEMENT_PENDING: {
    status: 409,
    message:
      'Ya tiene una solicitud de cambio de la persona investigadora en revisión. Podrá enviar otra cuando el equipo la responda.',
  },
  NO_OPEN_REPLACEMENT: {
    status: 404,
    message: 'El caso no tiene una solicitud de cambio de investigador/a por responder.',
  },
  /** The complainant answers only the transcript version that waits for review (decision 0064). */
  TRANSCRIPT_NOT_WAITING: {
    status: 409,
    message:
      'Esa versión de la transcripción ya no espera su revisión. Recargue la página para ver la versión vigente.',
  },
  TRANSCRIPT_FILE: { status: 400, message: 'El archivo elegido no es un audio de este caso.' },
  /** Law 21.719 (issue 19): the register of data-protection requests. */
  DATA_REQUEST_NOT_FOUND: { status: 404, message: 'No se encontró la solicitud indicada.' },
  DATA_REQUEST_ANSWERED: { status: 409, message: 'La solicitud ya fue respondida.' },
  DATA_REQUEST_EXTENDED: {
    status: 409,
    message: 'El plazo de la solicitud ya fue prorrogado una vez; la ley no admite otra prórroga.',
  },
  /** An answer to someone other than the complainant may not carry the complainant's identity. */
  REVEALS_REPORTER: {
    status: 422,
    message:
      'La respuesta contiene datos que identifican a la persona denunciante (nombre, RUT, correo o teléfono). Quítelos antes de enviarla.',
  },
  SAME_CONTACT: { status: 409, message: 'Ese dato ya es el registrado en su denuncia.' },
  NO_CONTACT_NUMBER: {
    status: 409,
    message: 'Una denuncia anónima no tiene número de contacto que corregir.',
  },
  FILE_TOO_LARGE: {
    status: 413,
    message:
      'Uno de los archivos excede el límite de 120MB. No se guardó la información; intente nuevamente sin ese archivo.',
  },
  BODY_TOO_LARGE: { status: 413, message: 'El contenido enviado excede el tamaño permitido.' },
  FILE_TYPE_NOT_ALLOWED: {
    status: 415,
    message:
      'Error al guardar su denuncia. El archivo que intenta subir no está permitido, por favor intente nuevamente con un formato diferente.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'El formato del contenido enviado no es compatible.',
  },
  /**
   * The investigator's copy of a stored file could not be made within its limits (bytes inflated,
   * time: `sanitize/limits.ts`): a decompression bomb or a file too odd to strip with confidence.
   * The copy is withheld rather than sent with its metadata; the original is kept.
   */
  SAFE_COPY_LIMIT: {
    status: 422,
    message:
      'No se pudo preparar una copia segura de este archivo: excede los límites de procesamiento (por ejemplo, contenido comprimido demasiado grande). El archivo original se conserva sin cambios.',
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: 'Demasiados intentos. Espere unos minutos antes de intentar nuevamente.',
  },
  // A filing refused by the per-address limit (portal/complaints/filing-limit.ts, which words the
  // wait in minutes); the portal keeps the form as it was.
  FILING_LIMIT: {
    status: 429,
    message:
      'Desde esta red ya se enviaron muchas denuncias en la última hora. Lo que escribió se conserva en el formulario: intente enviarla nuevamente en unos minutos.',
  },
  BUSY: {
    status: 503,
    message: 'El servicio está muy ocupado. Intente nuevamente en unos segundos.',
  },
  // The database is unreachable (a restart, a failover): the request did nothing, and a later one
  // will succeed once it is back (issue 25).
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'El servicio no está disponible por un momento. Intente nuevamente en unos minutos.',
  },
  // The disk of the files or of the database is full (ENOSPC, SQLSTATE 53100): nothing was kept.
  STORAGE_FULL: {
    status: 507,
    message:
      'El servidor no tiene espacio para guardar la información enviada. Intente nuevamente más tarde.',
  },
  /** A document (the case dossier's PDF) went past its limit of time, memory or size (decision 0029). */
  DOCUMENT_LIMIT: {
    status: 503,
    message:
      'No fue posible preparar el documento dentro de los límites de tiempo y memoria del servidor. Intente nuevamente en unos minutos; si vuelve a ocurrir, avise al equipo a cargo del canal.',
  },
  // A stored file failed its integrity check (altered or cut short in storage): server-side
  // corruption, so a 5xx, with a neutral message; logged apart from other errors.
  FILE_INTEGRITY: {
    status: 500,
    message: 'No fue posible entregar el archivo solicitado. Avise al equipo a cargo del canal.',
  },
  INTERNAL: { status: 500, message: MESSAGES.unexpectedError },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}
