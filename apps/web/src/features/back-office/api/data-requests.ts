// The register of data-protection requests (Law 21.719, issue 19): its calls through the contract,
// query keys, hooks and the one mapper from wire names to the names the screens read.
import {
  contract,
  type AccessAnswerPreviewWire,
  type DataRequestSummaryWire,
  type DataRequestViewWire,
  type RequestOf,
} from '@canal/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '@canal/shared';
import { mayCall, type StaffApi } from './call';
import { toInboxPage } from './cases/inbox';
import { useStaffApi } from './StaffApiProvider';

/** Who reads the register (administrators and auditors): the contract's access, as the API checks it. */
export const readsDataRequests = (role: StaffRole) => mayCall(contract.listDataRequests, role);

/**
 * The cases a request concerns, found with the inbox's search: a case number, or a RUT or e-mail
 * through the keyed blind indexes (nothing is decrypted to search; the search is audited).
 */
export const searchCases = async (api: StaffApi, term: string) =>
  toInboxPage(await api(contract.inbox, { querystring: { buscar: term, limite: 20 } })).cases;

export type NewDataRequestInput = RequestOf<typeof contract.createDataRequest>['body'];
export type DataRequestAnswerInput = RequestOf<typeof contract.answerDataRequest>['body'];

export const fromDataRequestSummary = (w: DataRequestSummaryWire) => ({
  id: w.id,
  organizationId: w.organizacion,
  requester: w.solicitante,
  name: w.nombre,
  right: w.derecho,
  channel: w.canal,
  receivedOn: w.recibida,
  dueOn: w.vence,
  extended: w.prorrogada,
  clock: w.plazo,
  cases: w.casos.map((c) => ({ id: c.id, number: c.numero })),
  decision: w.decision,
  answeredAt: w.respondida,
});
export type DataRequestSummary = ReturnType<typeof fromDataRequestSummary>;

export const fromDataRequestView = (w: DataRequestViewWire) => ({
  ...fromDataRequestSummary(w),
  contact: w.contacto,
  detail: w.detalle,
  extensionReason: w.motivo_prorroga,
  decisionReason: w.fundamento,
  answer: w.respuesta,
  recordedBy: w.registrada_por,
  answeredBy: w.respondida_por,
});
export type DataRequestView = ReturnType<typeof fromDataRequestView>;

export const fromAccessAnswerPreview = (w: AccessAnswerPreviewWire) => ({
  included: w.incluye.map((s) => ({ title: s.titulo, lines: s.contenido })),
  withheld: w.retenido.map((x) => ({ what: x.dato, why: x.motivo })),
  text: w.texto,
});
export type AccessAnswerPreview = ReturnType<typeof fromAccessAnswerPreview>;

export const dataRequestKeys = {
  all: ['gestion', 'solicitudes-datos'] as const,
  list: (onlyOpen: boolean) => ['gestion', 'solicitudes-datos', 'lista', onlyOpen] as const,
  one: (id: number) => ['gestion', 'solicitudes-datos', id] as const,
  preview: (id: number) => ['gestion', 'solicitudes-datos', id, 'vista-previa'] as const,
};

/** The register (open ones first, by their last day) with the open and overdue counts. */
export function useDataRequests(onlyOpen: boolean, enabled = true) {
  const api = useStaffApi();
  return useQuery({
    queryKey: dataRequestKeys.list(onlyOpen),
    queryFn: async () => {
      const w = await api(contract.listDataRequests, {
        querystring: { estado: onlyOpen ? 'abiertas' : 'todas' },
      });
      return {
        requests: w.solicitudes.map(fromDataRequestSummary),
        open: w.abiertas,
        overdue: w.vencidas,
      };
    },
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

export function useDataRequest(id: number | null) {
  const api = useStaffApi();
  return useQuery({
    queryKey: dataRequestKeys.one(id ?? 0),
    queryFn: async () =>
      fromDataRequestView(await api(contract.viewDataRequest, { params: { id: id! } })),
    enabled: id !== null,
  });
}

/** What an access answer would contain and withhold; asked only when staff open it. */
export function useAccessAnswerPreview(id: number, enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: dataRequestKeys.preview(id),
    queryFn: async () =>
      fromAccessAnswerPreview(await api(contract.previewAccessAnswer, { params: { id } })),
    enabled,
  });
}

export function useDataRequestActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: dataRequestKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: NewDataRequestInput) => api(contract.createDataRequest, { body }),
      onSuccess: refresh,
    }),
    extend: useMutation({
      mutationFn: (v: { id: number; motivo: string }) =>
        api(contract.extendDataRequest, {
          params: { id: v.id },
          body: { motivo: v.motivo },
        }),
      onSuccess: refresh,
    }),
    answer: useMutation({
      mutationFn: (v: { id: number; body: DataRequestAnswerInput }) =>
        api(contract.answerDataRequest, { params: { id: v.id }, body: v.body }),
      onSuccess: refresh,
    }),
  };
}
