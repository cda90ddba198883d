// The register of data-protection requests (Law 21.719, issue 19): its calls through the contract,
// query keys, hooks and its mappers both ways (components read and write front names only).
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
import { bodyNames } from './names';
import { useStaffApi } from './StaffApiProvider';

/** Who reads the register (administrators and auditors): the contract's access, as the API checks it. */
export const readsDataRequests = (role: StaffRole) => mayCall(contract.listDataRequests, role);

/**
 * The cases a request concerns, found with the inbox's search: a case number, or a RUT or e-mail
 * through the keyed blind indexes (nothing is decrypted to search; the search is audited).
 */
export const searchCases = async (api: StaffApi, term: string) =>
  toInboxPage(await api(contract.inbox, { querystring: { buscar: term, limite: 20 } })).cases;

type Body<E extends 'createDataRequest' | 'extendDataRequest' | 'answerDataRequest'> = RequestOf<
  (typeof contract)[E]
>['body'];

/** A request that arrived by e-mail, letter or in person, as the form holds it and the body it becomes. */
export const newDataRequestNames = bodyNames<Body<'createDataRequest'>>()({
  organizationId: 'organizacion',
  requester: 'solicitante',
  name: 'nombre',
  contact: 'contacto',
  right: 'derecho',
  channel: 'canal',
  receivedOn: 'recibida',
  detail: 'detalle',
  caseIds: 'casos',
});
export type NewDataRequest = Parameters<typeof newDataRequestNames.toWire>[0];

/** The one extension of the answer period. */
export const extensionNames = bodyNames<Body<'extendDataRequest'>>()({ reason: 'motivo' });
export type DataRequestExtension = Parameters<typeof extensionNames.toWire>[0];

/** The decision, its reason and the answer sent. */
export const dataRequestAnswerNames = bodyNames<Body<'answerDataRequest'>>()({
  decision: 'decision',
  decisionReason: 'fundamento',
  answer: 'respuesta',
});
export type DataRequestAnswer = Parameters<typeof dataRequestAnswerNames.toWire>[0];

export const toDataRequestSummary = (w: DataRequestSummaryWire) => ({
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
export type DataRequestSummary = ReturnType<typeof toDataRequestSummary>;

export const toDataRequestView = (w: DataRequestViewWire) => ({
  ...toDataRequestSummary(w),
  contact: w.contacto,
  detail: w.detalle,
  extensionReason: w.motivo_prorroga,
  decisionReason: w.fundamento,
  answer: w.respuesta,
  recordedBy: w.registrada_por,
  answeredBy: w.respondida_por,
});
export type DataRequestView = ReturnType<typeof toDataRequestView>;

export const toAccessAnswerPreview = (w: AccessAnswerPreviewWire) => ({
  included: w.incluye.map((s) => ({ title: s.titulo, lines: s.contenido })),
  withheld: w.retenido.map((x) => ({ what: x.dato, why: x.motivo })),
  text: w.texto,
});
export type AccessAnswerPreview = ReturnType<typeof toAccessAnswerPreview>;

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
        requests: w.solicitudes.map(toDataRequestSummary),
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
      toDataRequestView(await api(contract.viewDataRequest, { params: { id: id! } })),
    enabled: id !== null,
  });
}

/** What an access answer would contain and withhold; asked only when staff open it. */
export function useAccessAnswerPreview(id: number, enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: dataRequestKeys.preview(id),
    queryFn: async () =>
      toAccessAnswerPreview(await api(contract.previewAccessAnswer, { params: { id } })),
    enabled,
  });
}

export function useDataRequestActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: dataRequestKeys.all });
  return {
    create: useMutation({
      mutationFn: (request: NewDataRequest) =>
        api(contract.createDataRequest, { body: newDataRequestNames.toWire(request) }),
      onSuccess: refresh,
    }),
    extend: useMutation({
      mutationFn: (v: { id: number; extension: DataRequestExtension }) =>
        api(contract.extendDataRequest, {
          params: { id: v.id },
          body: extensionNames.toWire(v.extension),
        }),
      onSuccess: refresh,
    }),
    answer: useMutation({
      mutationFn: (v: { id: number; answer: DataRequestAnswer }) =>
        api(contract.answerDataRequest, {
          params: { id: v.id },
          body: dataRequestAnswerNames.toWire(v.answer),
        }),
      onSuccess: refresh,
    }),
  };
}
