// One case: its page's data (/v1/gestion/casos/:id), the changes staff make to it, and its files'
// and dossier's addresses.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fromDenunciaCampos, type CasePriority, type DenunciaLey21643 } from '@canal/shared';
import {
  CASE_RESUMABLE_UPLOADS_PATH,
  contract,
  fillPath,
  STAFF_CSRF_HEADER,
  type CaseViewWire,
  type OpenReplacementRequestWire,
  type RequestOf,
} from '@canal/shared/contract';
import { resumableEndpoint } from '../../../../lib/api/request';
import {
  sendAllResumable,
  type ResumableBatchHooks,
  type ResumableTarget,
} from '../../../../lib/api/resumable';
import { readCsrfCookie, type StaffApi } from '../call';
import { staffKeys } from '../keys';
import { bodyNames } from '../names';
import { useStaffApi } from '../StaffApiProvider';
import { toCaseSummary, toNamedRef } from './summary';

type CaseLogEntryWire = CaseViewWire['bitacora']['visible'][number];
type MilestoneWire = CaseViewWire['hitos'][number];
type CaseFileWire = CaseViewWire['archivos'][number];

export const toCaseLogEntry = (wire: CaseLogEntryWire) => ({
  id: wire.id,
  event: wire.evento,
  comment: wire.comentario,
  author: wire.autor,
  /** The staff member who wrote it, if any. */
  staff: wire.personal,
  /** ISO 8601 instant. */
  date: wire.fecha,
});
export type CaseLogEntry = ReturnType<typeof toCaseLogEntry>;

export const toMilestone = (wire: MilestoneWire) => ({
  key: wire.clave,
  name: wire.nombre,
  /** yyyy-mm-dd */
  due: wire.vence,
  state: wire.estado,
  /** yyyy-mm-dd or null */
  completedOn: wire.completado,
  late: wire.atrasado,
  /** Met by the Dirección del Trabajo's silence. */
  bySilence: wire.por_silencio,
  provisional: wire.provisorio,
  informsComplainant: wire.informa_denunciante,
  informedVia: wire.se_informa,
  responsible: wire.responsable,
  /** Closing the case records it (unless recorded before). */
  recordedByClosing: wire.registra_cierre,
  /** A duty after closing: stays pending on a closed case until recorded. */
  afterClosing: wire.tras_cierre,
  /** Recorded by the system (the acknowledgement sent with the confirmation mail). */
  bySystem: wire.por_sistema,
  /** What this case adds to the milestone (the case must go to the DT), or null. */
  note: wire.nota,
});
export type Milestone = ReturnType<typeof toMilestone>;
export type MilestoneState = Milestone['state'];

export const toCaseFile = (wire: CaseFileWire) => ({
  id: wire.id,
  name: wire.nombre,
  mimeType: wire.mimetype,
  /** Bytes. */
  size: wire.tamano,
  /** ISO 8601 instant. */
  date: wire.fecha,
  /** The back-office download path. */
  url: wire.url,
  /** Sent by the team with a reply. */
  fromTeam: wire.del_equipo,
});
export type CaseFile = ReturnType<typeof toCaseFile>;

/** The complainant's request to replace the investigator, still open (decision 0022). */
export const toReplacementRequest = (wire: OpenReplacementRequestWire) => ({
  id: wire.id,
  /** ISO 8601 instant; yyyy-mm-dd in an anonymous complaint. */
  sentAt: wire.fecha,
  /** Null for whoever may not read it (investigators, the person it is about). */
  reason: wire.motivo,
  investigator: wire.investigador && toNamedRef(wire.investigador),
});
export type ReplacementRequest = ReturnType<typeof toReplacementRequest>;

/** What a Law 21.643 complaint adds (decision 0021); null when not given. */
export const toAccused = (wire: DenunciaLey21643) => ({
  accusedName: wire.denunciado_nombre,
  accusedPosition: wire.denunciado_cargo,
  accusedIsManager: wire.denunciado_es_gerente,
  onBehalfOfAnother: wire.a_nombre_de_otro,
  representationBasis: wire.fundamento_representacion,
});

export const toCaseView = (wire: CaseViewWire) => ({
  case: {
    ...toCaseSummary(wire.caso),
    answeredAt: wire.caso.fecha_respuesta,
    /** ISO 8601 instant or null. */
    closedAt: wire.caso.fecha_cierre,
    resolution: wire.caso.resolucion,
    excluded: wire.caso.exclusiones.map(toNamedRef),
    /** Other cases linked to this one (those the person may see). */
    links: wire.caso.vinculos.map((l) => ({ id: l.id, number: l.numero, kind: l.tipo })),
  },
  complaint: fromDenunciaCampos(wire.denuncia),
  accused: toAccused(wire.denuncia),
  log: {
    visible: wire.bitacora.visible.map(toCaseLogEntry),
    internal: wire.bitacora.interna.map(toCaseLogEntry),
  },
  files: wire.archivos.map(toCaseFile),
  milestones: wire.hitos.map(toMilestone),
  replacementRequest: wire.solicitud_reemplazo && toReplacementRequest(wire.solicitud_reemplazo),
  /** The reports of retaliation after closing, oldest first (decision 0060). */
  retaliationReports: wire.represalias.map((r) => ({
    id: r.id,
    /** yyyy-mm-dd */
    reportedOn: r.fecha,
    /** yyyy-mm-dd */
    dueOn: r.vence,
    overdue: r.vencida,
    /** ISO 8601 instant and who, or null while open. */
    attended: r.atendido && { at: r.atendido.fecha, by: r.atendido.por },
  })),
});
export type CaseView = ReturnType<typeof toCaseView>;

export const caseFileUrl = (caseId: number, fileId: string) =>
  fillPath(contract.downloadCaseFile.path, { id: caseId, fileId });
export const caseDossierUrl = (caseId: number) =>
  fillPath(contract.downloadCaseDossier.path, { id: caseId });
/** The same file for the browser's viewer (images and PDFs: `isViewableContentType`). */
export const caseFileViewUrl = (caseId: number, fileId: string) =>
  fillPath(contract.viewCaseFile.path, { id: caseId, fileId });

export const caseQuery = (api: StaffApi, id: number) => ({
  queryKey: staffKeys.case(id),
  queryFn: async () => toCaseView(await api(contract.viewCase, { params: { id } })),
});

export function useCase(id: number) {
  return useQuery(caseQuery(useStaffApi(), id));
}

// ---- What staff change (front names in, the contract's body out) ----

type Body<E extends keyof typeof contract> = RequestOf<(typeof contract)[E]>['body'];

/** A new status: the comment the complainant reads, a resolution and confirmed milestones when closing. */
export const statusChangeNames = bodyNames<Body<'changeStatus'>>()({
  status: 'estado',
  comment: 'comentario',
  resolution: 'resolucion',
  confirmedMilestones: 'hitos_confirmados',
});
export type StatusChange = Parameters<typeof statusChangeNames.toWire>[0];

/** A reply or an internal note. */
export const commentNames = bodyNames<Body<'addInternalNote'>>()({ comment: 'comentario' });
export const replyNames = bodyNames<Body<'replyToComplainant'>>()({
  comment: 'comentario',
  uploads: 'subidas',
});

/** A case's new type, with the reason the internal log keeps. */
export const reclassificationNames = bodyNames<Body<'reclassifyCase'>>()({
  typeId: 'tipo_id',
  reason: 'motivo',
});
export type Reclassification = Parameters<typeof reclassificationNames.toWire>[0];

/** An administrator's answer to a request to replace the investigator. */
export const replacementAnswerNames = bodyNames<Body<'answerReplacementRequest'>>()({
  decision: 'decision',
  userId: 'usuario_id',
  reason: 'motivo',
});
export type ReplacementAnswer = Parameters<typeof replacementAnswerNames.toWire>[0];

export type CaseLinkKind = 'duplicado_de' | 'relacionado';

export interface MilestoneRecord {
  key: string;
  /** yyyy-mm-dd */
  date: string;
  comment?: string;
}
export const toWireMilestoneRecord = (v: MilestoneRecord) => ({
  fecha: v.date,
  ...(v.comment ? { comentario: v.comment } : {}),
});

/**
 * Where a reply's files go for case `id`: over tus under the case (decision 0074), with the
 * session's cookie (same origin) and its CSRF value, read at each request. A lapsed session is
 * signed in again in place, as for every other call of `api`, and the upload goes on (0080).
 */
export const caseUploadTarget = (id: number, api: StaffApi): ResumableTarget => ({
  endpoint: resumableEndpoint(fillPath(CASE_RESUMABLE_UPLOADS_PATH, { id })),
  scope: `caso-${id}`,
  headers: () =>
    Promise.resolve({
      accept: 'application/json',
      [STAFF_CSRF_HEADER]: readCsrfCookie() ?? undefined,
    }),
  signInAgain: () => api.signInAgain(),
});

/** A change to a case: on success the case and the inbox are read again. */
export function useCaseMutation<V>(id: number, fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.case(id) }),
        client.invalidateQueries({ queryKey: staffKeys.cases() }),
      ]);
    },
  });
}

export function useCaseActions(id: number) {
  const api = useStaffApi();
  const params = { id };
  const reply = (comment: string) =>
    api(contract.replyToComplainant, { params, body: commentNames.toWire({ comment }) });
  return {
    changeStatus: useCaseMutation(id, (v: StatusChange) =>
      api(contract.changeStatus, { params, body: statusChangeNames.toWire(v) }),
    ),
    reply: useCaseMutation(id, reply),
    /**
     * A reply with the team's files: each sent over tus (resumable: progress, «Reanudando…»,
     * resumed after a reload), then named in the reply, which attaches them in its one commit.
     */
    replyWithFiles: useCaseMutation(
      id,
      async (v: { comment: string; files: readonly File[]; hooks?: ResumableBatchHooks }) => {
        if (v.files.length === 0) return reply(v.comment);
        const finished = await sendAllResumable(v.files, caseUploadTarget(id, api), v.hooks);
        const answer = await api(contract.replyToComplainant, {
          params,
          body: replyNames.toWire({
            comment: v.comment,
            uploads: finished.map((upload) => upload.id),
          }),
        });
        for (const upload of finished) await upload.forget();
        return answer;
      },
    ),
    addNote: useCaseMutation(id, (comment: string) =>
      api(contract.addInternalNote, { params, body: commentNames.toWire({ comment }) }),
    ),
    assign: useCaseMutation(id, (userId: number | null) =>
      api(contract.assignCase, { params, body: { usuario_id: userId } }),
    ),
    exclude: useCaseMutation(id, (userId: number) =>
      api(contract.excludeFromCase, { params: { id, userId } }),
    ),
    include: useCaseMutation(id, (userId: number) =>
      api(contract.removeExclusion, { params: { id, userId } }),
    ),
    setPriority: useCaseMutation(id, (priority: CasePriority | null) =>
      api(contract.setCasePriority, { params, body: { prioridad: priority } }),
    ),
    setTags: useCaseMutation(id, (tags: string[]) =>
      api(contract.setCaseTags, { params, body: { etiquetas: tags } }),
    ),
    link: useCaseMutation(id, (v: { number: string; kind: CaseLinkKind }) =>
      api(contract.linkCase, { params, body: { numero: v.number, tipo: v.kind } }),
    ),
    unlink: useCaseMutation(id, (linkedId: number) =>
      api(contract.unlinkCase, { params: { id, linkedId } }),
    ),
    reclassify: useCaseMutation(id, (v: Reclassification) =>
      api(contract.reclassifyCase, { params, body: reclassificationNames.toWire(v) }),
    ),
    answerReplacement: useCaseMutation(id, (v: ReplacementAnswer) =>
      api(contract.answerReplacementRequest, { params, body: replacementAnswerNames.toWire(v) }),
    ),
    recordMilestone: useCaseMutation(id, (v: MilestoneRecord) =>
      api(contract.recordMilestone, {
        params: { id, clave: v.key },
        body: toWireMilestoneRecord(v),
      }),
    ),
  };
}
