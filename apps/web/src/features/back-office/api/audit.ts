// The audit log (auditors and administrators): a page of entries, its export and the chain check.
import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIT_ACTIONS, auditActionLabel, type AuditAction, type StaffRole } from '@canal/shared';
import {
  buildRequest,
  contract,
  type AuditPageWire,
  type ChainCheckWire,
} from '@canal/shared/contract';
import {
  checkEntryInclusion,
  verifyAuditLog,
  type InclusionCheck,
  type LogVerification,
} from '@canal/shared/proof';
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

/** Entries per page of the whole log's check: a page's JSON stays around a megabyte. */
export const WHOLE_LOG_PAGE_SIZE = 2000;

export const toWholeLogCheck = (result: LogVerification) =>
  result.ok
    ? {
        ok: true as const,
        entries: result.entries,
        /** Entries the reader may not see, taken by the leaf the server computed. */
        hidden: result.hidden,
        signedAt: result.issuedAt.toISOString(),
      }
    : {
        ok: false as const,
        kind: result.failure.kind,
        reason: result.failure.reason,
        /** The first entry that fails, when one can be named. */
        entry: result.failure.entry && {
          id: result.failure.entry.id,
          /** Its place in the log, from 1. */
          position: result.failure.entry.index + 1,
          /** ISO instant; null for an entry the reader may not see. */
          date: result.failure.entry.date,
          actionName:
            result.failure.entry.action === null
              ? null
              : auditActionLabel(result.failure.entry.action),
          /** The newest entries are missing: this is the last one left, not one that fails. */
          lastLeft: result.failure.entry.lastLeft === true,
        },
        checked: result.checked,
      };
export type WholeLogCheck = ReturnType<typeof toWholeLogCheck>;

/**
 * The whole log checked in this browser against the latest signed checkpoint (decision 0073): the
 * checkpoint and the published keys, then every entry it covers a page at a time, each leaf and
 * link recomputed by the shared code and the root built as the pages arrive (no page is kept).
 * Hashing is WebCrypto's, off the page's thread, so no worker is needed. `cancel` stops between
 * pages.
 */
export function useWholeLogCheck() {
  const api = useStaffApi();
  const client = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<{ checked: number; size: number } | null>(null);
  const [result, setResult] = useState<WholeLogCheck | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async () => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setRunning(true);
    setProgress(null);
    setResult(null);
    setCancelled(false);
    setError(null);
    try {
      const [checkpoint, keys] = await Promise.all([
        api(contract.auditCheckpoint, {}),
        api(contract.publicKeys, {}),
      ]);
      const verification = await verifyAuditLog({
        checkpoint: checkpoint.texto,
        keys: keys.claves,
        pages: async (after) =>
          (
            await api(contract.auditLogLeaves, {
              querystring: { despues: after, limite: WHOLE_LOG_PAGE_SIZE },
            })
          ).entradas,
        onProgress: (checked, size) => {
          if (!own.signal.aborted) setProgress({ checked, size });
        },
        signal: own.signal,
      });
      if (own !== controller.current) return;
      if (verification === 'cancelada') setCancelled(true);
      else setResult(toWholeLogCheck(verification));
      // Reading the whole log is audited: the list's first page changes.
      void client.invalidateQueries({ queryKey: staffKeys.audit() });
    } catch (failure) {
      if (own === controller.current) setError(failure);
    } finally {
      if (own === controller.current) setRunning(false);
    }
  }, [api, client]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    setCancelled(true);
    setRunning(false);
    controller.current = null;
  }, []);

  return { run, cancel, running, progress, result, cancelled, error };
}
