import {
  CASE_PRIORITY_LABELS,
  type CasePriority,
  auditActionLabel,
  CHANNEL_LABELS,
  type ComplaintChannel,
  organizationById,
  ORGANIZATIONS,
  MASTER_LIST_LABELS,
  type MasterList,
  ROLE_LABELS,
} from '@canal/shared';
import type { Db } from '../../db/database';
import { auditRepository, type AuditListRow } from '../../core/audit/repository';
import { DEADLINE_TABLE } from '../../core/deadlines';
import { csvDay } from '../export/spreadsheet-csv';

/**
 * An audit entry's detail in words, for the audit page and its export: people by name, milestones,
 * organisations and roles by their labels, days as dd-mm-yyyy, yes/no in Spanish — not ids, codes
 * or JSON. A key this table does not know still shows, as `key: value`.
 */

const MILESTONE_LABELS = new Map<string, string>(
  DEADLINE_TABLE.regimes.flatMap((r) => r.rules.map((rule) => [rule.key, rule.label] as const)),
);

/** The words of each key, in the order they read best (the log stores keys sorted). */
const KEY_LABELS: Record<string, string> = {
  decision: 'Decisión',
  usuario_id: 'Persona',
  hito: 'Hito',
  fecha: 'Fecha',
  hitos_abiertos: 'Hitos abiertos confirmados',
  canal: 'Canal',
  anterior: 'Antes',
  prioridad: 'Prioridad',
  agregadas: 'Agregadas',
  quitadas: 'Quitadas',
  vinculado: 'Caso vinculado',
  tipo: 'Vínculo',
  por: 'Buscó por',
  clave_firma: 'Clave de firma',
  resultados: 'Resultados',
  regla_id: 'Regla',
  categoria_id: 'Categoría',
  asignar: 'Asigna el caso',
  organizacion: 'Organización',
  correo: 'Con correo de contacto',
  de: 'De',
  a: 'A',
  excluido: 'Excluida',
  nombre: 'Nombre',
  rol: 'Rol',
  organizaciones: 'Organizaciones',
  activo: 'Activa',
  reenvio: 'Reenvío',
  motivo: 'Motivo',
  integra: 'Cadena íntegra',
  anio: 'Año',
  semestre: 'Semestre',
  filas: 'Filas',
  filtros: 'Filtros',
  archivos: 'Archivos',
  solicitud_id: 'Solicitud',
  organizationId: 'Organización',
  lista: 'Lista',
  elemento_id: 'Elemento',
  antes: 'Antes',
  despues: 'Después',
  zona_id: 'Zona',
  descripcion: 'Descripción',
  grupo: 'Grupo',
  orden: 'Nuevo orden',
  from: 'Desde',
  to: 'Hasta',
  brecha_id: 'Incidente',
  casos: 'Casos',
  riesgo: 'Riesgo',
  contacto_nombre: 'Contacto',
  contacto_correo: 'Correo del contacto',
  contacto_direccion: 'Dirección del contacto',
  contacto_telefono: 'Teléfono del contacto',
  retencion_anios: 'Años de conservación',
  proveedor: 'Proveedor',
  rol_pedido: 'Rol según el proveedor',
  organizaciones_pedidas: 'Organizaciones según el proveedor',
  origen: 'Origen',
  emisor: 'Emisor',
  cliente_id: 'Identificador de cliente',
  secreto_cambiado: 'Secreto cambiado',
  alcances: 'Alcances',
  claim_grupos: 'Claim de grupos',
  roles: 'Grupos por rol',
  creacion_automatica: 'Creación automática de cuentas',
  habilitado: 'Habilitado',
};
const KEY_ORDER = Object.keys(KEY_LABELS);
const keyRank = (key: string) => {
  const rank = KEY_ORDER.indexOf(key);
  return rank === -1 ? KEY_ORDER.length : rank;
};

/** Keys that add nothing a reader can use (a file's internal id; a search's keyed digest). */
const HIDDEN_KEYS = new Set(['archivo_id', 'indice']);

const orgName = (id: unknown) =>
  typeof id === 'string' && ORGANIZATIONS.some((o) => o.id === id)
    ? organizationById(id).shortName
    : String(id);

function valueInWords(key: string, value: unknown, people: Map<number, string>): string {
  if (value === null || value === undefined)
    return key === 'usuario_id' ? 'nadie' : key === 'categoria_id' ? 'todas' : '—';
  if ((key === 'anterior' || key === 'prioridad') && typeof value === 'string')
    return CASE_PRIORITY_LABELS[value as CasePriority] ?? value;
  if (key === 'tipo' && typeof value === 'string') return value.replace(/_/g, ' ');
  if (key === 'decision' && typeof value === 'string')
    return value === 'aceptada' ? 'acogida' : value;
  if (key === 'lista' && typeof value === 'string')
    return MASTER_LIST_LABELS[value as MasterList] ?? value;
  if (
    (key === 'regla_id' ||
      key === 'categoria_id' ||
      key === 'solicitud_id' ||
      key === 'elemento_id' ||
      key === 'zona_id' ||
      key === 'brecha_id') &&
    typeof value === 'number'
  )
    return `N° ${value}`;
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (key === 'usuario_id' && typeof value === 'number')
    return people.get(value) ?? `persona N° ${value}`;
  if ((key === 'hito' || key === 'hitos_abiertos') && typeof value === 'string')
    return MILESTONE_LABELS.get(value) ?? value;
  if (key === 'canal' && typeof value === 'string')
    return CHANNEL_LABELS[value as ComplaintChannel] ?? value;
  if ((key === 'rol' || key === 'rol_pedido') && typeof value === 'string')
    return ROLE_LABELS[value as keyof typeof ROLE_LABELS] ?? value;
  if (key === 'organizationId' || key === 'organizacion') return orgName(value);
  if ((key === 'organizaciones' || key === 'organizaciones_pedidas') && Array.isArray(value))
    return value.map(orgName).join(', ');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return csvDay(value) ?? value;
  if (Array.isArray(value))
    return value
      .map((v) =>
        typeof v === 'string' && ORGANIZATIONS.some((o) => o.id === v)
          ? orgName(v)
          : valueInWords(key, v, people),
      )
      .join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => keyRank(a) - keyRank(b))
      .map(([k, v]) => `${KEY_LABELS[k] ?? k}: ${valueInWords(k, v, people)}`)
      .join(', ');
  return String(value);
}

/** The staff user ids an entry's detail names, to look their names up in one query per page. */
export function peopleNamed(detail: unknown): number[] {
  if (!detail || typeof detail !== 'object') return [];
  const id = (detail as Record<string, unknown>).usuario_id;
  return typeof id === 'number' ? [id] : [];
}

export function describeAuditDetail(
  action: string,
  detail: unknown,
  people: Map<number, string>,
): string {
  if (!detail || typeof detail !== 'object') return '';
  const d = detail as Record<string, unknown>;
  if (
    (action === 'caso.estado' || action === 'caso.reclasificado') &&
    typeof d.de === 'string' &&
    typeof d.a === 'string'
  )
    return `De «${d.de}» a «${d.a}»`;
  if (action === 'caso.exclusion' && typeof d.usuario_id === 'number')
    return `${d.excluido ? 'Excluye a' : 'Levanta la exclusión de'} ${valueInWords('usuario_id', d.usuario_id, people)}`;
  // Master data: the list and its organisation first, then what changed.
  const masterList =
    action.startsWith('datos_maestros.') && typeof d.lista === 'string'
      ? `${valueInWords('lista', d.lista, people)} de ${orgName(d.organizacion)}`
      : null;
  const words = Object.entries(d)
    .filter(([key]) => !HIDDEN_KEYS.has(key))
    .filter(([key]) => !masterList || (key !== 'lista' && key !== 'organizacion'))
    .sort(([a], [b]) => keyRank(a) - keyRank(b))
    .map(([key, value]) => `${KEY_LABELS[key] ?? key}: ${valueInWords(key, value, people)}`)
    .join(' · ');
  return masterList ? `${masterList} · ${words}` : words;
}

/** Rows with their action and detail in words (the people they name looked up once). */
export async function inWords(db: Db, rows: AuditListRow[]) {
  const details = rows.map((r) => JSON.parse(r.detail) as unknown);
  const people = await auditRepository.staffNames(db, [...new Set(details.flatMap(peopleNamed))]);
  return rows.map((r, i) => ({
    row: r,
    detail: details[i],
    action: auditActionLabel(r.action),
    summary: describeAuditDetail(r.action, details[i], people),
  }));
}
