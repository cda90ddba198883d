import {
  HEAD_OFFICE_ID,
  fromCategoriaDelitos,
  type CasePriority,
  type Category,
  type StaffIntakePayload,
} from '@canal/shared';
import {
  STAFF_CSRF_COOKIE,
  STAFF_CSRF_HEADER,
  buildRequest,
  contract,
  fillPath,
  type Endpoint,
  type RequestOf,
  type RequestParts,
  type SuccessOf,
} from '@canal/shared/contract';
import { UPLOAD_TIMEOUT_MS } from '../../../lib/api/client';
import { HttpError, send } from '../../../lib/api/http';
import {
  fromAlertCoverage,
  fromAlertRuleList,
  fromAuditPage,
  fromCaseView,
  fromCaseRetention,
  fromReplacementTask,
  fromChainCheck,
  fromFailedMailList,
  fromHalfYearReport,
  fromInboxPage,
  fromIntakeReceipt,
  fromSavedView,
  fromInvitation,
  fromMasterData,
  fromStaffSession,
  fromStaffUser,
  fromStatistics,
} from './mappers';

export const CSRF_COOKIE = STAFF_CSRF_COOKIE;

/** What a screen sends: the request parts the contract declares (wire names, as they travel). */
export type InboxFilters = NonNullable<RequestOf<typeof contract.inbox>['querystring']>;
export type NewSavedView = RequestOf<typeof contract.saveView>['body'];
export type StatsFilters = NonNullable<RequestOf<typeof contract.statistics>['querystring']>;
export type StatusChange = RequestOf<typeof contract.changeStatus>['body'];
export type NewUser = RequestOf<typeof contract.inviteUser>['body'];
export type UserChanges = RequestOf<typeof contract.updateUser>['body'];
export type AuditQuery = RequestOf<typeof contract.auditLog>['querystring'];
export type AuditFilters = NonNullable<RequestOf<typeof contract.exportAuditCsv>['querystring']>;
export type MilestoneRecord = RequestOf<typeof contract.recordMilestone>['body'];
export type AlertRuleInput = RequestOf<typeof contract.createAlertRule>['body'];
export type Reclassification = RequestOf<typeof contract.reclassifyCase>['body'];
export type ReplacementAnswer = RequestOf<typeof contract.answerReplacementRequest>['body'];
export type MasterItemInput = RequestOf<typeof contract.createMasterItem>['body'];
export type MasterActiveInput = RequestOf<typeof contract.setMasterItemActive>['body'];
export type MasterOrderInput = RequestOf<typeof contract.reorderMasterList>['body'];

/** The CSRF double-submit value: the page reads its cookie and echoes it in `x-csrf-token` on writes. */
export function readCsrfCookie(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === CSRF_COOKIE) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export const caseFileUrl = (caseId: number, fileId: string) =>
  fillPath(contract.downloadCaseFile.path, { id: caseId, fileId });
export const caseDossierUrl = (caseId: number) =>
  fillPath(contract.downloadCaseDossier.path, { id: caseId });
/** The same file for the browser's viewer (images and PDFs: `isViewableContentType`). */
export const caseFileViewUrl = (caseId: number, fileId: string) =>
  fillPath(contract.viewCaseFile.path, { id: caseId, fileId });
export const statsCsvUrl = (filters: StatsFilters) =>
  buildRequest(contract.exportCasesCsv, { querystring: filters }).url;
export const halfYearCsvUrl = (anio: number, semestre: 1 | 2) =>
  buildRequest(contract.exportHalfYearCsv, {
    querystring: { anio, semestre: String(semestre) as '1' | '2' },
  }).url;
export const auditCsvUrl = (filters: AuditFilters) =>
  buildRequest(contract.exportAuditCsv, { querystring: filters }).url;

export interface StaffApiOptions {
  /**
   * A call made with a session answered 401: the session lapsed (30 idle minutes, 8 hours) or was
   * ended elsewhere. Resolves true once the person signed in again — the same call is then sent
   * again, with the new session's CSRF value, so nothing typed is lost — or false when they did
   * not (the call fails with its 401).
   */
  signInAgain?: () => Promise<boolean>;
}

/**
 * Every /v1/gestion call in one module, each one an entry of the shared contract (method, path,
 * request and answer types); screens call these and read the mapped (English) answers, never URLs
 * or wire names. Cookies travel by themselves.
 */
export function createStaffApi({ signInAgain }: StaffApiOptions = {}) {
  async function call<E extends Endpoint>(
    endpoint: E,
    parts: RequestParts<E>,
    { session = true } = {},
  ): Promise<SuccessOf<E>> {
    for (;;) {
      const headers: Record<string, string> = { accept: 'application/json', ...parts.headers };
      if (endpoint.method !== 'GET') {
        const csrf = readCsrfCookie();
        if (csrf) headers[STAFF_CSRF_HEADER] = csrf;
      }
      const request = buildRequest(endpoint, { ...parts, headers } as RequestParts<E>);
      try {
        // A multipart call (a reply with files) gets the portal's long upload timeout.
        const timeoutMs = request.body instanceof FormData ? UPLOAD_TIMEOUT_MS : undefined;
        return (await send({ ...request, timeoutMs })).body as SuccessOf<E>;
      } catch (error) {
        // A 401 on a call made with a session means the session is gone; sign-in's own 401 is a
        // wrong credential. A 401 comes from the guard, before anything was done: sending the
        // same call again after signing in does it once.
        const lapsed = session && error instanceof HttpError && error.status === 401;
        if (!lapsed || !signInAgain || !(await signInAgain())) throw error;
      }
    }
  }
  const anonymous = { session: false };

  return {
    /**
     * Any /v1/gestion call by its contract entry, with the CSRF header and the sign-in-again
     * retry: the endpoint modules (`api/privacy.ts`, `api/breaches.ts`) call through it.
     */
    call,
    // Session and activation
    signIn: async (body: RequestOf<typeof contract.signIn>['body']) =>
      fromStaffSession(await call(contract.signIn, { body }, anonymous)),
    session: async () => fromStaffSession(await call(contract.currentSession, {}, anonymous)),
    /**
     * Reading the session touches its idle clock (never past its 8 hours): the back office calls
     * it while the person types, so writing a long text does not count as idle.
     */
    keepAlive: async () => {
      await call(contract.currentSession, {}, anonymous);
    },
    signOut: () => call(contract.signOut, {}),
    lookupInvitation: async (token: string) =>
      fromInvitation(await call(contract.lookupInvitation, { body: { token } }, anonymous)),
    activate: async (body: RequestOf<typeof contract.activate>['body']) =>
      fromStaffSession(await call(contract.activate, { body }, anonymous)),

    // Cases
    inbox: async (filters: InboxFilters) =>
      fromInboxPage(await call(contract.inbox, { querystring: filters })),
    caseView: async (id: number) => fromCaseView(await call(contract.viewCase, { params: { id } })),
    caseRetention: async (id: number) =>
      fromCaseRetention(await call(contract.viewCaseRetention, { params: { id } })),
    /** A legal hold (`conservacion`) or a block (`bloqueo`), with its reason; administrators. */
    setRestriction: (id: number, kind: 'conservacion' | 'bloqueo', motivo: string) =>
      kind === 'conservacion'
        ? call(contract.setLegalHold, { params: { id }, body: { motivo } })
        : call(contract.setCaseBlock, { params: { id }, body: { motivo } }),
    liftRestriction: (id: number, kind: 'conservacion' | 'bloqueo') =>
      kind === 'conservacion'
        ? call(contract.liftLegalHold, { params: { id } })
        : call(contract.liftCaseBlock, { params: { id } }),
    changeStatus: (id: number, body: StatusChange) =>
      call(contract.changeStatus, { params: { id }, body }),
    reply: (id: number, comentario: string) =>
      call(contract.replyToComplainant, { params: { id }, body: { comentario } }),
    /** A reply with the team's files: one JSON part `respuesta`, then one `files` part per file. */
    replyWithFiles: (id: number, comentario: string, files: readonly File[]) => {
      const body = new FormData();
      body.append('respuesta', JSON.stringify({ comentario }));
      for (const file of files) body.append('files', file, file.name);
      return call(contract.replyWithFiles, { params: { id }, body });
    },
    addNote: (id: number, comentario: string) =>
      call(contract.addInternalNote, { params: { id }, body: { comentario } }),
    assign: (id: number, userId: number | null) =>
      call(contract.assignCase, { params: { id }, body: { usuario_id: userId } }),
    exclude: (id: number, userId: number) =>
      call(contract.excludeFromCase, { params: { id, userId } }),
    include: (id: number, userId: number) =>
      call(contract.removeExclusion, { params: { id, userId } }),
    setPriority: (id: number, prioridad: CasePriority | null) =>
      call(contract.setCasePriority, { params: { id }, body: { prioridad } }),
    setTags: (id: number, etiquetas: string[]) =>
      call(contract.setCaseTags, { params: { id }, body: { etiquetas } }),
    linkCase: (id: number, body: RequestOf<typeof contract.linkCase>['body']) =>
      call(contract.linkCase, { params: { id }, body }),
    unlinkCase: (id: number, linkedId: number) =>
      call(contract.unlinkCase, { params: { id, linkedId } }),
    savedViews: async () => (await call(contract.listSavedViews, {})).map(fromSavedView),
    saveView: async (body: NewSavedView) => fromSavedView(await call(contract.saveView, { body })),
    deleteView: (id: number) => call(contract.deleteSavedView, { params: { id } }),
    reclassify: (id: number, body: Reclassification) =>
      call(contract.reclassifyCase, { params: { id }, body }),
    /** Open requests to replace the investigator (administrators and auditors). */
    replacementTasks: async () =>
      (await call(contract.listReplacementRequests, {})).solicitudes.map(fromReplacementTask),
    answerReplacement: (id: number, body: ReplacementAnswer) =>
      call(contract.answerReplacementRequest, { params: { id }, body }),
    recordMilestone: (id: number, clave: string, body: MilestoneRecord) =>
      call(contract.recordMilestone, { params: { id, clave }, body }),

    /** A complaint received verbally, in writing or in person: its receipt. */
    recordComplaint: async (body: StaffIntakePayload) =>
      fromIntakeReceipt(await call(contract.recordComplaint, { body })),

    // Users (administrators)
    users: async () => (await call(contract.listUsers, {})).map(fromStaffUser),
    invite: async (body: NewUser) => fromStaffUser(await call(contract.inviteUser, { body })),
    updateUser: async (id: number, body: UserChanges) =>
      fromStaffUser(await call(contract.updateUser, { params: { id }, body })),
    reinvite: (id: number) => call(contract.reinviteUser, { params: { id } }),

    // Who is told of a new complaint (administrators)
    alertCoverage: async () => fromAlertCoverage(await call(contract.alertCoverage, {})),
    alertRules: async () => fromAlertRuleList(await call(contract.listAlertRules, {})),
    createAlertRule: (body: AlertRuleInput) => call(contract.createAlertRule, { body }),
    updateAlertRule: (id: number, body: AlertRuleInput) =>
      call(contract.updateAlertRule, { params: { id }, body }),
    deleteAlertRule: (id: number) => call(contract.deleteAlertRule, { params: { id } }),

    // Master data of each organisation (administrators): every call answers the new lists.
    masterData: async (organizacion: string) =>
      fromMasterData(await call(contract.getMasterData, { querystring: { organizacion } })),
    createMasterItem: async (body: MasterItemInput) =>
      fromMasterData(await call(contract.createMasterItem, { body })),
    updateMasterItem: async (id: number, body: MasterItemInput) =>
      fromMasterData(await call(contract.updateMasterItem, { params: { id }, body })),
    setMasterItemActive: async (id: number, body: MasterActiveInput) =>
      fromMasterData(await call(contract.setMasterItemActive, { params: { id }, body })),
    reorderMasterList: async (body: MasterOrderInput) =>
      fromMasterData(await call(contract.reorderMasterList, { body })),

    // Audit (auditors, administrators)
    audit: async (querystring: AuditQuery) =>
      fromAuditPage(await call(contract.auditLog, { querystring })),
    verifyChain: async () => fromChainCheck(await call(contract.verifyAuditChain, {})),

    // Mail given up after its last attempt (administrators)
    failedMails: async () => fromFailedMailList(await call(contract.failedMails, {})),

    // Statistics
    statistics: async (filters: StatsFilters) =>
      fromStatistics(await call(contract.statistics, { querystring: filters })),
    halfYear: async (anio: number, semestre: 1 | 2) =>
      fromHalfYearReport(
        await call(contract.halfYearReport, {
          querystring: { anio, semestre: String(semestre) as '1' | '2' },
        }),
      ),

    /** The categories of an organisation (public master data), for the inbox filter. */
    categories: async (organizationId: string = HEAD_OFFICE_ID): Promise<Category[]> =>
      (
        await call(
          contract.offenceCategories,
          { headers: { 'x-filial': organizationId } },
          anonymous,
        )
      )?.map(fromCategoriaDelitos) ?? [],

    /** The master data of an organisation, for recording a complaint in its name. */
    zonesWithPlaces: async (organizationId: string) =>
      await call(contract.zonePlaces, { headers: { 'x-filial': organizationId } }, anonymous),
    relationOptions: (organizationId: string) =>
      call(contract.relationOptions, { headers: { 'x-filial': organizationId } }, anonymous),
    recognitionOptions: (organizationId: string) =>
      call(contract.recognitionOptions, { headers: { 'x-filial': organizationId } }, anonymous),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;

/** The message a person reads for a failed call: the server's own, or a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'timeout')
      return 'El servidor tardó demasiado en responder. Intente nuevamente.';
    if (error.kind === 'network')
      return 'No pudimos conectar con el servidor. Revise su conexión e intente nuevamente.';
  }
  return 'Ocurrió un error inesperado. Intente nuevamente.';
}
