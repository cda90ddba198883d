import type { ComplaintStatus, DenunciaDetalle, StaffRole } from '@canal/shared';

/** Wire shapes of /v1/gestion (Spanish names, as the API answers them). */

export type { StaffRole };

export interface StaffUser {
  id: number;
  email: string;
  nombre: string;
  rol: StaffRole;
  organizaciones: string[];
  activo: boolean;
  activado: boolean;
}

export interface SessionAnswer {
  usuario: StaffUser;
  csrf: string;
}

export interface InvitationLookup {
  email: string;
  nombre: string;
  totp: { secreto: string; uri: string };
}

export interface CaseSummary {
  id: number;
  numero: string;
  organizacion: { id: string; nombre: string };
  estado: ComplaintStatus;
  categoria: string | null;
  tipo: string | null;
  tipo_id: number;
  anonima: boolean;
  fecha_ingreso: string;
  proximo_vencimiento: string | null;
  vencido: boolean;
  /** Due within the legal "soon" window (working days); absent on older servers. */
  por_vencer?: boolean;
  asignado: { id: number; nombre: string } | null;
}

export interface InboxPage {
  total: number;
  limite: number;
  desplazamiento: number;
  casos: CaseSummary[];
}

export interface InboxFilters {
  organizacion?: string;
  estado?: string;
  categoria?: string;
  desde?: string;
  hasta?: string;
  vencidos?: 'true';
  asignado?: string;
  limite?: number;
  desplazamiento?: number;
}

export interface LogEntry {
  id: number;
  evento: string;
  comentario: string | null;
  autor: string;
  personal: string | null;
  fecha: string;
}

export type MilestoneState = 'done' | 'pending' | 'soon' | 'overdue' | 'no_registrado';

export interface Milestone {
  clave: string;
  nombre: string;
  vence: string;
  estado: MilestoneState;
  completado: string | null;
  atrasado: boolean;
  por_silencio: boolean;
  provisorio: boolean;
  informa_denunciante: boolean;
  se_informa: string | null;
  responsable: string;
}

export interface CaseFile {
  id: string;
  nombre: string;
  mimetype: string;
  tamano: number;
  fecha: string;
  url: string;
}

/** The complainant's fields, as the portal reads them (the ticket and the log are not shown here). */
export type ComplaintFields = Omit<DenunciaDetalle, 'id' | 'codigo_denuncia' | 'denuncia_bitacora'>;

export interface CaseView {
  caso: Omit<CaseSummary, 'asignado'> & {
    fecha_respuesta: string | null;
    fecha_cierre: string | null;
    resolucion: string | null;
    asignado: { id: number; nombre: string } | null;
    exclusiones: { id: number; nombre: string }[];
  };
  denuncia: ComplaintFields;
  bitacora: { visible: LogEntry[]; interna: LogEntry[] };
  archivos: CaseFile[];
  hitos: Milestone[];
}

export interface StatusChange {
  estado: ComplaintStatus;
  comentario: string;
  resolucion?: string;
}

export interface NewUser {
  email: string;
  nombre: string;
  rol: StaffRole;
  organizaciones: string[];
}

export interface UserChanges {
  nombre?: string;
  rol?: StaffRole;
  organizaciones?: string[];
  activo?: boolean;
}

export interface AuditEntry {
  id: number;
  fecha: string;
  accion: string;
  usuario: { id: number; nombre: string | null; email: string | null } | null;
  caso_id: number | null;
  detalle: unknown;
  hash: string;
  hash_anterior: string;
}

export interface AuditPage {
  total: number;
  entradas: AuditEntry[];
}

export interface ChainCheck {
  integra: boolean;
  entradas: number;
  primera_rota: { id: number; reason: string } | null;
}

export interface NamedCount {
  nombre: string;
  total: number;
}

export interface Statistics {
  total: number;
  por_organizacion: NamedCount[];
  por_categoria: NamedCount[];
  por_tipo: NamedCount[];
  por_estado: NamedCount[];
  por_mes: { mes: string; total: number }[];
  anonimas: { total: number; porcentaje: number };
  cerradas: number;
  promedio_dias_cierre: number | null;
  vencidas: number;
}

export interface StatsFilters {
  organizacion?: string;
  desde?: string;
  hasta?: string;
}

export interface HalfYearReport {
  periodo: { anio: number; semestre: number; desde: string; hasta: string };
  tipos: number[];
  organizaciones: {
    id: string;
    nombre: string;
    denuncias_recibidas: number;
    por_tipo: { tipo_id: number; tipo: string; recibidas: number }[];
    casos_con_medidas_de_resguardo: number;
    casos_con_medidas_adoptadas: number;
  }[];
}

export interface CategoryOption {
  categoria: { id: number; nombre: string };
}
