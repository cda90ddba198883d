// The actions of the back office's audit log and what each means, in words: the API records the
// key, the audit page, its filter and its export show the words.

export const AUDIT_ACTION_LABELS = {
  'sesion.ingreso': 'Ingreso',
  'sesion.ingreso_fallido': 'Ingreso fallido',
  'sesion.salida': 'Cierre de sesión',
  /** A person ended one of their sessions from «Mis sesiones» (issue 24). */
  'sesion.cerrada': 'Sesión cerrada por la persona',
  'sesion.cerradas_otras': 'Otras sesiones cerradas por la persona',
  /** An administrator ended every session of a person. */
  'usuario.sesiones_cerradas': 'Sesiones de un usuario cerradas',
  /** The provider no longer gives the person a role (or refused the refresh): the SSO session ends. */
  'sesion.sso_revocada': 'Sesión de inicio único terminada por el proveedor',
  /** Passkeys (decision 0076): one registered, one that failed to register, one removed. */
  'llave.registrada': 'Llave de acceso registrada',
  'llave.registro_fallido': 'Registro fallido de llave de acceso',
  'llave.eliminada': 'Llave de acceso eliminada',
  /** An administrator removed every passkey of a person and ended their sessions. */
  'usuario.llaves_restablecidas': 'Llaves de acceso de un usuario restablecidas',
  /** The staff sign-in policy (passkeys required of administrators). */
  'seguridad.politica_modificada': 'Política de ingreso modificada',
  'cuenta.activada': 'Cuenta activada',
  'usuario.invitado': 'Usuario invitado',
  'usuario.modificado': 'Usuario modificado',
  /** The provider's claims would have taken the role from the last administrator (decision 0077). */
  'usuario.degradacion_rechazada': 'Cambio de rol del último administrador rechazado',
  /** An administrator created or changed a single sign-on provider (decision 0077). */
  'sso.proveedor_guardado': 'Proveedor de inicio de sesión único guardado',
  'sso.organizaciones': 'Organizaciones que exigen inicio de sesión único',
  'caso.visto': 'Caso consultado',
  'archivo.descargado': 'Archivo descargado',
  /** Opened in the back office's viewer (images and PDFs), not downloaded. */
  'archivo.visualizado': 'Archivo visualizado',
  'caso.estado': 'Cambio de estado',
  'caso.respuesta': 'Respuesta a la persona denunciante',
  'caso.nota': 'Nota interna',
  'caso.asignado': 'Asignación',
  'caso.exclusion': 'Exclusión',
  'caso.hito': 'Hito registrado',
  /** The case dossier (PDF and files, one ZIP) for the Dirección del Trabajo or a court. */
  'caso.expediente': 'Expediente descargado',
  'caso.reclasificado': 'Cambio de tipo de denuncia',
  /** Staff recorded a complaint received verbally, in writing or in person. */
  'caso.registrado': 'Denuncia registrada por el equipo',
  /** Staff issued a new activation (code and link) to the person, identified in person. */
  'caso.activacion': 'Nueva activación entregada a la persona denunciante',
  'caso.prioridad': 'Prioridad del caso',
  'caso.etiquetas': 'Etiquetas del caso',
  'caso.vinculo': 'Vínculo entre casos',
  /** The complainant asked for the investigator to be replaced (decision 0022). */
  'caso.solicitud_reemplazo': 'Solicitud de cambio de investigador/a',
  'caso.solicitud_respondida': 'Respuesta a la solicitud de cambio de investigador/a',
  /** Protection after closing (decision 0060): the complainant reported retaliation. */
  'caso.represalias': 'Aviso de represalias de la persona denunciante',
  'caso.represalias_atendido': 'Aviso de represalias atendido',
  /** Issue 21 (decision 0064): a transcript of an oral complaint, and the complainant's answer. */
  'caso.transcripcion': 'Transcripción emitida para revisión',
  'caso.transcripcion_respondida': 'Transcripción revisada por la persona denunciante',
  /** Law 21.719 (issue 19): the retention sweep erased the case; a tombstone stays. */
  'caso.eliminado': 'Caso eliminado al vencer su plazo de conservación',
  /** A legal hold (a lawsuit, a DT inquiry): never erased while it stands. */
  'caso.conservacion': 'Retención legal del caso',
  'caso.conservacion_levantada': 'Retención legal levantada',
  /** Blocking (Law 21.719): the case keeps its data, nobody views or exports it. */
  'caso.bloqueo': 'Bloqueo del caso',
  'caso.bloqueo_levantado': 'Bloqueo levantado',
  'casos.busqueda': 'Búsqueda de casos por RUT, correo o nombre de la persona denunciada',
  /** Law 21.719 (issue 19): the complainant's own data and the requests register. */
  'caso.datos_descargados': 'Copia de datos descargada por la persona denunciante',
  'caso.contacto_corregido': 'Datos de contacto corregidos por la persona denunciante',
  'solicitud_datos.registrada': 'Solicitud sobre datos personales registrada',
  'solicitud_datos.prorrogada': 'Plazo de solicitud sobre datos personales prorrogado',
  'solicitud_datos.respondida': 'Solicitud sobre datos personales respondida',
  'solicitud_datos.vista_previa': 'Vista previa de respuesta de acceso',
  'solicitud_datos.depurada':
    'Datos personales de una solicitud eliminados (al eliminarse sus casos o al vencer su plazo de conservación)',
  'regla_aviso.creada': 'Regla de aviso creada',
  'regla_aviso.modificada': 'Regla de aviso modificada',
  'regla_aviso.eliminada': 'Regla de aviso eliminada',
  'datos_maestros.agregado': 'Dato maestro agregado',
  'datos_maestros.modificado': 'Dato maestro modificado',
  'datos_maestros.retirado': 'Dato maestro retirado',
  'datos_maestros.reactivado': 'Dato maestro reactivado',
  'datos_maestros.ordenado': 'Lista de datos maestros reordenada',
  /** Law 21.719 (issue 19): an organisation's data-protection contact or retention period. */
  'proteccion_datos.modificada':
    'Contacto de protección de datos o plazo de conservación modificado',
  /** The days after closing an organisation asks about retaliation (decision 0060). */
  'represalias.consultas_modificadas': 'Días de consulta por represalias modificados',
  /** An organisation's text of a notice to the complainant (decision 0070). */
  'plantillas.modificada': 'Plantilla de aviso modificada',
  'brecha.registrada': 'Incidente de seguridad registrado',
  'brecha.modificada': 'Incidente de seguridad modificado',
  /** The complainant of a case reached by an incident was told (log entry, neutral mail). */
  'brecha.aviso_caso': 'Aviso de incidente de seguridad a la persona denunciante',
  'brechas.exportadas': 'Exportación del registro de incidentes (CSV)',
  'estadisticas.exportadas': 'Exportación de casos (CSV)',
  'estadisticas.semestral_exportado': 'Exportación del informe semestral (CSV)',
  'auditoria.verificada': 'Verificación de la cadena',
  'auditoria.exportada': 'Exportación del registro de auditoría (CSV)',
  'auditoria.punto_control': 'Punto de control del registro firmado a pedido',
  /** The whole log read page by page to check it in the browser (decision 0073): its first page. */
  'auditoria.leida_completa': 'Lectura del registro completo para verificarlo',
  /** `npm run keys:revoke`: what the key signed is no longer taken as authentic. */
  'clave_firma.revocada': 'Clave de firma revocada',
  /** Recorded by the chain itself: the table disagreed with the anchor when appending. */
  'auditoria.discrepancia': 'Discrepancia en la cadena de auditoría',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The words for an action; an action recorded by an older version shows as its key. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

export const isAuditAction = (action: string): action is AuditAction =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action);
