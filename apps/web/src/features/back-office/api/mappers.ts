// The one place where each back-office entity is mapped from its wire shape (Spanish, as the
// contract declares it) to the shape the screens read (English), as packages/shared/src/mappers.ts
// does for the portal. Wire types come from the contract; nothing else in the back office reads them.
import {
  fromDenunciaCampos,
  type ComplaintChannel,
  type CasePriority,
  type ComplaintFields,
  type ComplaintStatus,
  type DenunciaLey21643,
  type StaffIntakeChannel,
  type StaffRole,
} from '@canal/shared';
import type {
  AlertCoverageWire,
  AlertRuleListWire,
  MasterDataAdminWire,
  AuditPageWire,
  CaseSummaryWire,
  CaseViewWire,
  CaseRetentionWire,
  OpenReplacementRequestWire,
  ReplacementTaskWire,
  ChainCheckWire,
  FailedMailListWire,
  HalfYearReportWire,
  InboxPageWire,
  IntakeReceiptWire,
  SavedViewWire,
  InvitationWire,
  StaffSession as StaffSessionWire,
  StaffUserWire,
  StatisticsWire,
} from '@canal/shared/contract';

export type { ComplaintFields, ComplaintStatus, StaffRole };

export interface NamedRef<Id = number> {
  id: Id;
  name: string;
}

const namedRef = <Id>(wire: { id: Id; nombre: string }): NamedRef<Id> => ({
  id: wire.id,
  name: wire.nombre,
});

// ---- Account ----

export interface StaffUser {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** Organisation ids (GUIDs). */
  organizations: string[];
  active: boolean;
  /** The invitation was used: password and second factor are set. */
  activated: boolean;
}

export const fromStaffUser = (wire: StaffUserWire): StaffUser => ({
  id: wire.id,
  email: wire.email,
  name: wire.nombre,
  role: wire.rol,
  organizations: wire.organizaciones,
  active: wire.activo,
  activated: wire.activado,
});

export interface StaffSession {
  user: StaffUser;
  /** The CSRF value to echo on writes. */
  csrf: string;
}

export const fromStaffSession = (wire: StaffSessionWire): StaffSession => ({
  user: fromStaffUser(wire.usuario),
  csrf: wire.csrf,
});

export interface Invitation {
  email: string;
  name: string;
  totp: { secret: string; uri: string };
}

export const fromInvitation = (wire: InvitationWire): Invitation => ({
  email: wire.email,
  name: wire.nombre,
  totp: { secret: wire.totp.secreto, uri: wire.totp.uri },
});

// ---- Cases ----

export interface CaseSummary {
  id: number;
  number: string;
  organization: NamedRef<string>;
  status: ComplaintStatus;
  category: string | null;
  type: string | null;
  typeId: number;
  anonymous: boolean;
  /** `portal`, or how staff received it. */
  channel: ComplaintChannel;
  /** ISO 8601 instant. */
  receivedAt: string;
  /** yyyy-mm-dd, or null when nothing is pending. */
  nextDue: string | null;
  overdue: boolean;
  /** Due within the legal "soon" window (working days). */
  dueSoon: boolean;
  assignee: NamedRef | null;
  /** Risk/priority staff set, or null. */
  priority: CasePriority | null;
  tags: string[];
  /** Law 21.643 against the employer's manager or legal representative: must go to the DT. */
  mustReferToDt: boolean;
}

export const fromCaseSummary = (wire: CaseSummaryWire): CaseSummary => ({
  id: wire.id,
  number: wire.numero,
  organization: namedRef(wire.organizacion),
  status: wire.estado,
  category: wire.categoria,
  type: wire.tipo,
  typeId: wire.tipo_id,
  anonymous: wire.anonima,
  channel: wire.canal,
  receivedAt: wire.fecha_ingreso,
  nextDue: wire.proximo_vencimiento,
  overdue: wire.vencido,
  dueSoon: wire.por_vencer,
  assignee: wire.asignado && namedRef(wire.asignado),
  priority: wire.prioridad,
  tags: wire.etiquetas,
  mustReferToDt: wire.derivar_dt,
});

/** A saved view of the inbox: its filters and order as the address's search params. */
export interface SavedView {
  id: number;
  name: string;
  params: Record<string, string>;
}

export const fromSavedView = (wire: SavedViewWire): SavedView => ({
  id: wire.id,
  name: wire.nombre,
  params: Object.fromEntries(
    Object.entries(wire.filtros)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ),
});

/** What the receipt of a complaint recorded by staff shows (the activation link only here). */
export interface IntakeReceipt {
  caseId: number;
  caseNumber: string;
  ticket: number;
  organization: NamedRef<string>;
  channel: StaffIntakeChannel;
  /** ISO 8601 instant. */
  recordedAt: string;
  activationUrl: string;
  /** ISO 8601 instant. */
  activationExpiresAt: string;
  mailSent: boolean;
}

export const fromIntakeReceipt = (wire: IntakeReceiptWire): IntakeReceipt => ({
  caseId: wire.id,
  caseNumber: wire.numero,
  ticket: wire.ticket,
  organization: namedRef(wire.organizacion),
  channel: wire.canal,
  recordedAt: wire.fecha,
  activationUrl: wire.activacion.url,
  activationExpiresAt: wire.activacion.vence,
  mailSent: wire.correo_enviado,
});

export interface InboxPage {
  total: number;
  limit: number;
  offset: number;
  cases: CaseSummary[];
}

export const fromInboxPage = (wire: InboxPageWire): InboxPage => ({
  // The web inbox pages by offset, which always counts (a keyset page says null).
  total: wire.total ?? wire.casos.length,
  limit: wire.limite,
  offset: wire.desplazamiento,
  cases: wire.casos.map(fromCaseSummary),
});

type CaseLogEntryWire = CaseViewWire['bitacora']['visible'][number];
type MilestoneWire = CaseViewWire['hitos'][number];
type CaseFileWire = CaseViewWire['archivos'][number];

export interface CaseLogEntry {
  id: number;
  event: string;
  comment: string | null;
  author: string;
  /** The staff member who wrote it, if any. */
  staff: string | null;
  /** ISO 8601 instant. */
  date: string;
}

export const fromCaseLogEntry = (wire: CaseLogEntryWire): CaseLogEntry => ({
  id: wire.id,
  event: wire.evento,
  comment: wire.comentario,
  author: wire.autor,
  staff: wire.personal,
  date: wire.fecha,
});

export type MilestoneState = MilestoneWire['estado'];

export interface Milestone {
  key: string;
  name: string;
  /** yyyy-mm-dd */
  due: string;
  state: MilestoneState;
  /** yyyy-mm-dd or null */
  completedOn: string | null;
  late: boolean;
  /** Met by the Dirección del Trabajo's silence. */
  bySilence: boolean;
  provisional: boolean;
  informsComplainant: boolean;
  informedVia: string | null;
  responsible: MilestoneWire['responsable'];
  /** Closing the case records it (unless recorded before). */
  recordedByClosing: boolean;
  /** A duty after closing: stays pending on a closed case until recorded. */
  afterClosing: boolean;
  /** Recorded by the system (the acknowledgement sent with the confirmation mail). */
  bySystem: boolean;
  /** What this case adds to the milestone (the case must go to the DT), or null. */
  note: string | null;
}

export const fromMilestone = (wire: MilestoneWire): Milestone => ({
  key: wire.clave,
  name: wire.nombre,
  due: wire.vence,
  state: wire.estado,
  completedOn: wire.completado,
  late: wire.atrasado,
  bySilence: wire.por_silencio,
  provisional: wire.provisorio,
  informsComplainant: wire.informa_denunciante,
  informedVia: wire.se_informa,
  responsible: wire.responsable,
  recordedByClosing: wire.registra_cierre,
  afterClosing: wire.tras_cierre,
  bySystem: wire.por_sistema,
  note: wire.nota,
});

export interface CaseFile {
  id: string;
  name: string;
  mimeType: string;
  /** Bytes. */
  size: number;
  /** ISO 8601 instant. */
  date: string;
  /** The back-office download path. */
  url: string;
  /** Sent by the team with a reply. */
  fromTeam: boolean;
}

export const fromCaseFile = (wire: CaseFileWire): CaseFile => ({
  id: wire.id,
  name: wire.nombre,
  mimeType: wire.mimetype,
  size: wire.tamano,
  date: wire.fecha,
  url: wire.url,
  fromTeam: wire.del_equipo,
});

export interface CaseDetail extends CaseSummary {
  answeredAt: string | null;
  /** ISO 8601 instant or null. */
  closedAt: string | null;
  resolution: string | null;
  excluded: NamedRef[];
  /** Other cases linked to this one (those the person may see). */
  links: { id: number; number: string; kind: 'duplicado_de' | 'tiene_duplicado' | 'relacionado' }[];
}

/** The complainant's request to replace the investigator, still open (decision 0022). */
export interface ReplacementRequest {
  id: number;
  /** ISO 8601 instant; yyyy-mm-dd in an anonymous complaint. */
  sentAt: string;
  /** Null for whoever may not read it (investigators, the person it is about). */
  reason: string | null;
  investigator: NamedRef | null;
}

export const fromReplacementRequest = (wire: OpenReplacementRequestWire): ReplacementRequest => ({
  id: wire.id,
  sentAt: wire.fecha,
  reason: wire.motivo,
  investigator: wire.investigador && namedRef(wire.investigador),
});

/** An open request in the administrators' task list, with its case. */
export interface ReplacementTask extends ReplacementRequest {
  case: { id: number; number: string };
}

export const fromReplacementTask = (wire: ReplacementTaskWire): ReplacementTask => ({
  ...fromReplacementRequest(wire),
  case: { id: wire.caso.id, number: wire.caso.numero },
});

/** What a Law 21.643 complaint adds (decision 0021); null when not given. */
export interface AccusedAndRepresentation {
  accusedName: string | null;
  accusedPosition: string | null;
  accusedIsManager: boolean;
  onBehalfOfAnother: boolean;
  representationBasis: string | null;
}

export const fromDenunciaLey21643 = (wire: DenunciaLey21643): AccusedAndRepresentation => ({
  accusedName: wire.denunciado_nombre,
  accusedPosition: wire.denunciado_cargo,
  accusedIsManager: wire.denunciado_es_gerente,
  onBehalfOfAnother: wire.a_nombre_de_otro,
  representationBasis: wire.fundamento_representacion,
});

export interface CaseView {
  case: CaseDetail;
  complaint: ComplaintFields;
  accused: AccusedAndRepresentation;
  log: { visible: CaseLogEntry[]; internal: CaseLogEntry[] };
  files: CaseFile[];
  milestones: Milestone[];
  replacementRequest: ReplacementRequest | null;
}

export const fromCaseView = (wire: CaseViewWire): CaseView => ({
  case: {
    ...fromCaseSummary(wire.caso),
    answeredAt: wire.caso.fecha_respuesta,
    closedAt: wire.caso.fecha_cierre,
    resolution: wire.caso.resolucion,
    excluded: wire.caso.exclusiones.map(namedRef),
    links: wire.caso.vinculos.map((l) => ({ id: l.id, number: l.numero, kind: l.tipo })),
  },
  complaint: fromDenunciaCampos(wire.denuncia),
  accused: fromDenunciaLey21643(wire.denuncia),
  log: {
    visible: wire.bitacora.visible.map(fromCaseLogEntry),
    internal: wire.bitacora.interna.map(fromCaseLogEntry),
  },
  files: wire.archivos.map(fromCaseFile),
  milestones: wire.hitos.map(fromMilestone),
  replacementRequest: wire.solicitud_reemplazo && fromReplacementRequest(wire.solicitud_reemplazo),
});

// ---- Audit ----

export interface AuditEntry {
  id: number;
  /** ISO 8601 instant. */
  date: string;
  action: string;
  user: { id: number; name: string | null; email: string | null } | null;
  caseId: number | null;
  caseNumber: string | null;
  /** The action in words. */
  actionName: string;
  /** The detail in words ('' when there is none). */
  summary: string;
  /** The action's own detail, as recorded (any JSON). */
  detail: unknown;
  hash: string;
  previousHash: string;
}

export interface AuditPage {
  total: number;
  entries: AuditEntry[];
}

export const fromAuditPage = (wire: AuditPageWire): AuditPage => ({
  total: wire.total,
  entries: wire.entradas.map((e) => ({
    id: e.id,
    date: e.fecha,
    action: e.accion,
    user: e.usuario && { id: e.usuario.id, name: e.usuario.nombre, email: e.usuario.email },
    caseId: e.caso_id,
    caseNumber: e.numero_caso,
    actionName: e.accion_nombre,
    summary: e.resumen,
    detail: e.detalle,
    hash: e.hash,
    previousHash: e.hash_anterior,
  })),
});

export interface ChainCheck {
  intact: boolean;
  entries: number;
  firstBroken: { id: number; reason: string } | null;
}

export const fromChainCheck = (wire: ChainCheckWire): ChainCheck => ({
  intact: wire.integra,
  entries: wire.entradas,
  firstBroken: wire.primera_rota,
});

// ---- Statistics ----

export interface NamedCount {
  name: string;
  total: number;
}

const namedCounts = (list: { nombre: string; total: number }[]): NamedCount[] =>
  list.map((c) => ({ name: c.nombre, total: c.total }));

export interface Statistics {
  total: number;
  byOrganization: NamedCount[];
  byCategory: NamedCount[];
  byType: NamedCount[];
  byStatus: NamedCount[];
  /** `month`: yyyy-mm */
  byMonth: { month: string; total: number }[];
  anonymous: { total: number; percent: number };
  closed: number;
  averageDaysToClose: number | null;
  overdue: number;
  /** Law 21.719's requests: received in the period, answered (late), open and overdue now. */
  dataRequests: {
    received: number;
    answered: number;
    answeredLate: number;
    open: number;
    overdue: number;
  };
}

export const fromStatistics = (wire: StatisticsWire): Statistics => ({
  total: wire.total,
  byOrganization: namedCounts(wire.por_organizacion),
  byCategory: namedCounts(wire.por_categoria),
  byType: namedCounts(wire.por_tipo),
  byStatus: namedCounts(wire.por_estado),
  byMonth: wire.por_mes.map((m) => ({ month: m.mes, total: m.total })),
  anonymous: { total: wire.anonimas.total, percent: wire.anonimas.porcentaje },
  closed: wire.cerradas,
  averageDaysToClose: wire.promedio_dias_cierre,
  overdue: wire.vencidas,
  dataRequests: {
    received: wire.solicitudes_datos.recibidas,
    answered: wire.solicitudes_datos.respondidas,
    answeredLate: wire.solicitudes_datos.respondidas_fuera_de_plazo,
    open: wire.solicitudes_datos.abiertas,
    overdue: wire.solicitudes_datos.vencidas,
  },
});

export interface HalfYearReport {
  period: { year: number; half: number; from: string; to: string };
  /** The complaint type ids, in the order of each organisation's `byType`. */
  types: number[];
  organizations: {
    id: string;
    name: string;
    received: number;
    byType: { typeId: number; type: string; received: number }[];
    withProtectiveMeasures: number;
    withMeasuresTaken: number;
  }[];
}

export const fromHalfYearReport = (wire: HalfYearReportWire): HalfYearReport => ({
  period: {
    year: wire.periodo.anio,
    half: wire.periodo.semestre,
    from: wire.periodo.desde,
    to: wire.periodo.hasta,
  },
  types: wire.tipos,
  organizations: wire.organizaciones.map((o) => ({
    id: o.id,
    name: o.nombre,
    received: o.denuncias_recibidas,
    byType: o.por_tipo.map((t) => ({ typeId: t.tipo_id, type: t.tipo, received: t.recibidas })),
    withProtectiveMeasures: o.casos_con_medidas_de_resguardo,
    withMeasuresTaken: o.casos_con_medidas_adoptadas,
  })),
});

// ---- Mail the outbox gave up on ----

export interface FailedMail {
  id: number;
  /** The mail's kind (confirmation, password-reset …); never its recipient or content. */
  kind: string;
  attempts: number;
  /** ISO 8601 instants. */
  queuedAt: string;
  failedAt: string;
}

export interface FailedMailList {
  total: number;
  mails: FailedMail[];
}

export const fromFailedMailList = (wire: FailedMailListWire): FailedMailList => ({
  total: wire.total,
  mails: wire.correos.map((c) => ({
    id: c.id,
    kind: c.tipo,
    attempts: c.intentos,
    queuedAt: c.creado,
    failedAt: c.fallido,
  })),
});

// ---- Routing rules of new-complaint alerts ----

export interface AlertRule {
  id: number;
  organizationId: string;
  /** null: every category of the organisation. */
  category: NamedRef | null;
  person: NamedRef;
  /** The case is also assigned to the person. */
  assigns: boolean;
}

export interface AlertRuleList {
  rules: AlertRule[];
  /** Each organisation's complaint categories, to choose from. */
  categories: { organizationId: string; id: number; name: string }[];
}

/** Why a person receives every new complaint of an organisation. */
export type AlertReceiverReason =
  AlertCoverageWire['organizaciones'][number]['receptores'][number]['motivo'];

/** Who receives an organisation's new complaints; none: nobody is told of them. */
export interface AlertCoverage {
  organizationId: string;
  receivers: { id: number; name: string; reason: AlertReceiverReason }[];
}

export const fromAlertCoverage = (wire: AlertCoverageWire): AlertCoverage[] =>
  wire.organizaciones.map((o) => ({
    organizationId: o.organizacion,
    receivers: o.receptores.map((r) => ({ id: r.id, name: r.nombre, reason: r.motivo })),
  }));

export const fromAlertRuleList = (wire: AlertRuleListWire): AlertRuleList => ({
  rules: wire.reglas.map((r) => ({
    id: r.id,
    organizationId: r.organizacion,
    category: r.categoria && { id: r.categoria.id, name: r.categoria.nombre },
    person: { id: r.usuario.id, name: r.usuario.nombre },
    assigns: r.asignar,
  })),
  categories: wire.categorias.map((c) => ({
    organizationId: c.organizacion,
    id: c.id,
    name: c.nombre,
  })),
});

// ---- Master data of one organisation (administrators) ----

export interface MasterItem {
  id: number;
  name: string;
  /** false: retired (no longer offered; cases keep showing it). */
  active: boolean;
}
export interface MasterPlace extends MasterItem {
  zoneId: number;
}
export interface MasterCategory extends MasterItem {
  /** Holds the Law 21.643 types. */
  legal: boolean;
}
export interface MasterType extends MasterItem {
  categoryId: number;
  description: string;
  group: string | null;
  /** A Law 21.643 type: only its description and group may change. */
  legal: boolean;
}
export interface MasterData {
  organizationId: string;
  zones: MasterItem[];
  places: MasterPlace[];
  categories: MasterCategory[];
  types: MasterType[];
  relations: MasterItem[];
  recognitions: MasterItem[];
}

const masterItem = (i: { id: number; nombre: string; activo: boolean }): MasterItem => ({
  id: i.id,
  name: i.nombre,
  active: i.activo,
});

export const fromMasterData = (wire: MasterDataAdminWire): MasterData => ({
  organizationId: wire.organizacion,
  zones: wire.zonas.map(masterItem),
  places: wire.lugares.map((p) => ({ ...masterItem(p), zoneId: p.zona_id })),
  categories: wire.categorias.map((c) => ({ ...masterItem(c), legal: c.legal })),
  types: wire.tipos.map((t) => ({
    ...masterItem(t),
    categoryId: t.categoria_id,
    description: t.descripcion,
    group: t.grupo,
    legal: t.legal,
  })),
  relations: wire.relaciones.map(masterItem),
  recognitions: wire.reconoce.map(masterItem),
});

// ---- Retention, legal hold, block (Law 21.719, decision 0046) ----

export interface CaseRestriction {
  reason: string;
  by: string | null;
  /** ISO instant. */
  since: string;
}

/** What stays of an erased case: no personal data. Days yyyy-mm-dd (Chile). */
export interface CaseTombstone {
  number: string;
  organization: NamedRef<string>;
  category: string | null;
  type: string | null;
  status: string;
  anonymous: boolean;
  receivedOn: string;
  closedOn: string | null;
  erasedOn: string;
}

export interface CaseRetention {
  tombstone: CaseTombstone | null;
  legalHold: CaseRestriction | null;
  block: CaseRestriction | null;
  /** yyyy-mm-dd: the day a closed case's retention period ends. */
  dueOn: string | null;
}

const fromRestriction = (w: CaseRetentionWire['bloqueo']): CaseRestriction | null =>
  w ? { reason: w.motivo, by: w.por, since: w.desde } : null;

export const fromCaseRetention = (wire: CaseRetentionWire): CaseRetention => ({
  tombstone: wire.eliminado
    ? {
        number: wire.eliminado.numero,
        organization: namedRef(wire.eliminado.organizacion),
        category: wire.eliminado.categoria,
        type: wire.eliminado.tipo,
        status: wire.eliminado.estado,
        anonymous: wire.eliminado.anonima,
        receivedOn: wire.eliminado.recibida,
        closedOn: wire.eliminado.cerrada,
        erasedOn: wire.eliminado.eliminada,
      }
    : null,
  legalHold: fromRestriction(wire.conservacion),
  block: fromRestriction(wire.bloqueo),
  dueOn: wire.vence,
});
