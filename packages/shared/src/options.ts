// Option lists of SPEC §3: the fixed knowledge sources and the filter on the relation options.
import { OTHER_PLACE, OTHER_PLACE_LABEL } from './constants';
import type { Organization } from './organizations';

export interface SimpleOption {
  id: number;
  descripcion: string;
}

/** How the complainant learned of the facts (SPEC §3, ids 1 to 7). */
export const KNOWLEDGE_SOURCES = [
  { id: 1, descripcion: 'Lo escuché' },
  { id: 2, descripcion: 'Me ocurrió a mí' },
  { id: 3, descripcion: 'Lo observé' },
  { id: 4, descripcion: 'Me lo contó un compañero de trabajo' },
  { id: 5, descripcion: 'Alguien fuera de la oficina lo mencionó' },
  { id: 6, descripcion: 'Encontré un documento por casualidad' },
  { id: 7, descripcion: 'Otro' },
] as const satisfies readonly SimpleOption[];

export function knowledgeSourceLabel(id: number): string | undefined {
  return KNOWLEDGE_SOURCES.find((o) => o.id === id)?.descripcion;
}

/** Relation option kept only for the organisations that allow it (DESIGN §4.5). */
export const ADHERED_COMPANY_COLLABORATOR = 'Colaborador de empresa adherida';

const normalize = (text: string): string => text.trim().toLocaleLowerCase('es');

/** Removes "Colaborador de empresa adherida" unless the organisation allows it. */
export function filterRelationOptions<T extends SimpleOption>(
  org: Organization,
  options: readonly T[],
): T[] {
  if (org.allowsAdheredCompanyCollaborator) return [...options];
  const hidden = normalize(ADHERED_COMPANY_COLLABORATOR);
  return options.filter((o) => normalize(o.descripcion) !== hidden);
}

/** The "Otro" entry added to every place list. */
export const OTHER_PLACE_OPTION = { value: OTHER_PLACE, label: OTHER_PLACE_LABEL } as const;
