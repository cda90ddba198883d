// The audit log (auditors and administrators): a page of entries, its export and the chain check.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditAction, type StaffRole } from '@canal/shared';
import {
  buildRequest,
  contract,
  type AuditPageWire,
  type ChainCheckWire,
} from '@canal/shared/contract';
import { checkEntryInclusion, type InclusionCheck } from '@canal/shared/proof';
import { mayCall } from './call';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

export const AUDIT_PAGE_SIZE = 50;

/** Who reads the log (auditors and administrators), as its contract entry says. */
export const readsAudit = (role: StaffRole) => mayCall(contract.auditLog, role);

/** What the log is filtered by; each one is a search param of the page's address. */
export interface AuditFilters {
  /** Name or e-mail. */
  person?: string;
  caseNumber?: string;
  action?: AuditAction;
  /** yyyy-mm-dd */
  from?: string;
  to?: string;
}

/** The address's names of the filters (the query's own). */
export const AUDIT_PARAMS = {
  person: 'persona',
  caseNumber: 'numero_caso',
  action: 'accion',
  from: 'desde',
  to: 'hasta',
  page: 'pagina',
} as const;

const FILTERS = ['person', 'caseNumber', 'action', 'from', 'to'] as const;

/** The filters in the address (the page can be bookmarked and shared with them). */
export function auditFiltersFromParams(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of FILTERS) {
    const value = params.get(AUDIT_PARAMS[name]);
    if (!value) continue;
    if (name === 'action') {
      if ((AUDIT_ACTIONS as readonly string[]).includes(value))
        filters.action = value as AuditAction;
    } else filters[name] = value;
  }
  return filters;
}

/** The address for `filters` at `page` (1: none). */
export const auditParams = (filters: AuditFilters, page = 1): Record<string, string> => ({
  ...Object.fromEntries(
    FILTERS.filter((name) => filters[name]).map((name) => [AUDIT_PARAMS[name], filters[name]!]),
  ),
  ...(page > 1 ? { [AUDIT_PARAMS.page]: String(page) } : {}),
});

export const toWireAuditFilters = (f: AuditFilters) => ({
  ...(f.person && { persona: f.person }),
  ...(f.caseNumber && { numero_caso: f.caseNumber }),
  ...(f.action && { accion: f.action }),
  ...(f.from && { desde: f.from }),
  ...(f.to && { hasta: f.to }),
});

export const auditCsvUrl = (filters: AuditFilters) =>
  buildRequest(contract.exportAuditCsv, { querystring: toWireAuditFilters(filters) }).url;

export const toAuditEntry = (e: AuditPageWire['entradas'][number]) => ({
  id: e.id,
  /** ISO 8601 instant. */
  date: e.fecha,
  action: e.accion,
  user: e.usuario && { id: e.usuario.id, name: e.usuario.nombre, email: e.usuario.email },
  caseId: e.caso_id,
  caseNumber: e.numero_caso,
  /** The action in words. */
  actionName: e.accion_nombre,
  /** The detail in words ('' when there is none). */
  summary: e.resumen,
  /** The action's own detail, as recorded (any JSON). */
  detail: e.detalle,
  hash: e.hash,
  previousHash: e.hash_anterior,
});
export type AuditEntry = ReturnType<typeof toAuditEntry>;

export const toAuditPage = (wire: AuditPageWire) => ({
  total: wire.total,
  entries: wire.entradas.map(toAuditEntry),
});
export type AuditPage = ReturnType<typeof toAuditPage>;

export const toChainCheck = (wire: ChainCheckWire) => ({
  intact: wire.integra,
  entries: wire.entradas,
  firstBroken: wire.primera_rota,
});
export type ChainCheck = ReturnType<typeof toChainCheck>;

/** One page of the entries `filters` select, newest first. */
export function useAudit(filters: AuditFilters, offset: number) {
  const api = useStaffApi();
  const query = { ...toWireAuditFilters(filters), limite: AUDIT_PAGE_SIZE, desplazamiento: offset };
  return useQuery({
    queryKey: staffKeys.auditPage(query),
    queryFn: async () => toAuditPage(await api(contract.auditLog, { querystring: query })),
    placeholderData: keepPreviousData,
  });
}

export function useVerifyChain() {
  const api = useStaffApi();
  const client = useQueryClient();
  // The check is itself audited: the log's first page changes.
  return useMutation({
    mutationFn: async () => toChainCheck(await api(contract.verifyAuditChain, {})),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.audit() }),
  });
}

/**
 * An entry's inclusion proof, checked in this browser (decision 0066): the proof from the API, the
 * keys from `GET /v1/claves-publicas`; the leaf, the path to the signed root and the checkpoint's
 * signature are recomputed here, so the answer does not rest on the server's word.
 */
export function useEntryInclusion() {
  const api = useStaffApi();
  return useMutation({
    mutationFn: async (id: number): Promise<InclusionCheck & { id: number }> => {
      const [proof, keys] = await Promise.all([
        api(contract.auditInclusionProof, { params: { id }, querystring: {} }),
        api(contract.publicKeys, {}),
      ]);
      if (!proof.punto_control)
        return { id, ok: false, reason: 'No hay un punto de control firmado de ese tamaño.' };
      return { id, ...(await checkEntryInclusion(proof, proof.punto_control.texto, keys.claves)) };
    },
  });
}
