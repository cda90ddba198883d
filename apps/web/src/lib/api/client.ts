import {
  fromAdjuntoListado,
  fromCategoriaDelitos,
  fromDenunciaDetalle,
  fromPrivacyNotice,
  fromTranscripcion,
  toDenunciaPayload,
  toUploadBitacora,
  type ComplaintDetail,
  type ComplaintFile,
  type ComplaintForm,
  type TicketInfo,
  type TranscriptDecision,
  type PORTAL_DATA_RIGHTS,
  type ActivationPayload,
} from '@canal/shared';
import { portalRoutes, type PortalCall } from '@canal/shared';
// Types only from the contract: its zod schemas stay out of the portal's chunks.
import type { Contract, SuccessOf } from '@canal/shared/contract';
import { HttpError, send, settle, type SendOptions } from './http';
import { createBotTokenSource, type BotTokenSource } from './bot-check';
import {
  portalHeaders,
  portalRequest,
  resumableEndpoint,
  type Answer as FetchedAnswer,
  type PortalParts,
} from './request';
import { forgetAllUploads, sendAllResumable, type ResumableBatchHooks } from './resumable';
import { pendingFilingGone, pendingFilings } from './pending-filing';
import { sessionStore } from './session';

/** The success answer of a portal call, as the contract declares it. */
type Answer<K extends PortalCall> = Exclude<SuccessOf<Contract[K]>, undefined>;

/** Retried once with a fresh bot-check token (SPEC §7). */
const RETRY_STATUSES = new Set([401, 403, 429]);
/** Long enough for 120 MB on a slow line. */
export const UPLOAD_TIMEOUT_MS = 60 * 60 * 1000;

export interface ApiClientOptions {
  organizationId: string;
  botTokens?: BotTokenSource;
}

interface CallOptions extends Pick<SendOptions, 'timeoutMs' | 'onUploadProgress'> {
  /** Sends a bot-check token (every call but master data). */
  botCheck?: boolean;
  /** Sends the stored session's token. */
  auth?: boolean;
  /** A bearer token to send instead of the stored session's (sign-out, once it is cleared). */
  bearer?: string;
  /** The pending filing's token (`x-borrador`): the filing that names its files. */
  pendingToken?: string;
  /**
   * The same call's answer, started before the client's code (public/lectura-temprana.js): taken
   * as the first attempt's; null when that script sent nothing (the first attempt asks).
   */
  early?: Promise<FetchedAnswer | null>;
}

/** Every portal call of SPEC §7 in one module; screens call these functions, never URLs. */
export function createApiClient({
  organizationId,
  botTokens = createBotTokenSource(),
}: ApiClientOptions) {
  /** The portal call `name` of the contract, built by `portalRequest` and sent by `send`. */
  async function call<K extends PortalCall>(
    name: K,
    parts: PortalParts<Contract[K]>,
    { botCheck = true, auth = false, bearer, pendingToken, early, ...transport }: CallOptions = {},
  ): Promise<Answer<K>> {
    const attempt = async () => {
      // The first attempt takes the early answer; none sent (null), or a retry: it asks itself.
      const taken = early;
      early = undefined;
      if (taken) {
        const url = portalRequest<Contract[K]>(portalRoutes[name], parts, {}).url;
        const sent = await taken.then(
          (received) => received && settle(url, Promise.resolve(received)),
          (error: unknown) => settle(url, Promise.reject(error)),
        );
        if (sent) return sent.body as Answer<K>;
      }
      const botToken = botCheck ? await botTokens.next() : undefined;
      const session = auth ? sessionStore.get() : null;
      const request = portalRequest<Contract[K]>(portalRoutes[name], parts, {
        organizationId,
        botToken,
        bearer: bearer ?? session?.token,
        pendingToken,
      });
      return (await send({ ...request, ...transport })).body as Answer<K>;
    };
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'http' && RETRY_STATUSES.has(error.status))
        return attempt();
      throw error;
    }
  }

  /**
   * A multipart POST: one JSON part named `part`, then one `files` part per file, with upload
   * progress and the long upload timeout.
   */
  function upload<K extends 'createComplaint' | 'uploadFiles'>(
    name: K,
    part: { name: string; json: object },
    files: File[],
    {
      auth = false,
      onProgress,
      pendingToken,
    }: { auth?: boolean; onProgress?: (fraction: number) => void; pendingToken?: string },
  ) {
    const body = new FormData();
    body.append(part.name, JSON.stringify(part.json));
    for (const file of files) body.append('files', file, file.name);
    return call(name, { body } as PortalParts<Contract[K]>, {
      auth,
      pendingToken,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      onUploadProgress: onProgress,
    });
  }

  /** Master data: no bot check; on failure an empty list and a console message (SPEC §7). */
  async function masterData<K extends PortalCall>(
    name: K,
    parts: PortalParts<Contract[K]> = {} as PortalParts<Contract[K]>,
  ): Promise<Answer<K>> {
    try {
      return await call(name, parts, { botCheck: false });
    } catch (error) {
      console.error(
        `No se pudieron cargar los datos maestros (${portalRequest<Contract[K]>(portalRoutes[name], parts, {}).url})`,
        error,
      );
      return [] as Answer<K>;
    }
  }

  return {
    organizationId,
    /** A form that will need a bot-check token opened: solve it while the person types. */
    prepareBotCheck: () => botTokens.prepare?.(),
    zones: () => masterData('zones'),
    zonesWithPlaces: () => masterData('zonePlaces'),
    agencies: (zone: number) => masterData('zoneAgencies', { params: { zone } }),
    categories: async () => (await masterData('offenceCategories')).map(fromCategoriaDelitos),
    relationOptions: () => masterData('relationOptions'),
    recognitionOptions: () => masterData('recognitionOptions'),

    /** The organisation's privacy notice data (no bot check, like master data). */
    /** The seal of the PDF summary and what to build it from (decision 0051). */
    async summarySeal(id: number, logo: { width: number; height: number } | null) {
      const w = await call(
        'summarySeal',
        {
          params: { id: String(id) },
          body: { logo: logo && { ancho: logo.width, alto: logo.height } },
        },
        { auth: true },
      );
      return {
        detail: fromDenunciaDetalle(w.detalle),
        files: w.adjuntos.map(fromAdjuntoListado),
        issuedAt: new Date(w.emitido_en),
        code: w.codigo,
        address: w.direccion,
        seal: w.sello,
      };
    },

    /** The keys the channel signs with, current and past (the verification page). */
    publicKeys: async () => (await call('publicKeys', {}, { botCheck: false })).claves,

    privacyNotice: async () =>
      fromPrivacyNotice(await call('privacyNotice', {}, { botCheck: false })),

    /**
     * POST /v1/denuncias. Without files, the `denuncia` JSON part alone. With files (decision
     * 0074): a pending filing is opened (or this tab's is used again), each file sent over tus
     * with its token (resumable, progress and «Reanudando…» as on the detail page), then the
     * `denuncia` part names them (`borrador`, `subidas`); filing forgets the pending filing and
     * the addresses. A pending filing the server no longer has is replaced once.
     */
    async fileComplaint(
      form: ComplaintForm,
      ticketInfo: TicketInfo,
      files: File[],
      hooks: ResumableBatchHooks = {},
    ) {
      const json = toDenunciaPayload(form, ticketInfo, organizationId);
      if (files.length === 0)
        return upload('createComplaint', { name: 'denuncia', json }, [], hooks);
      let sending: 'files' | 'filing' = 'files';
      const send = async () => {
        sending = 'files';
        const pending =
          pendingFilings.get(organizationId) ??
          pendingFilings.keep(organizationId, await call('openPendingFiling', {}));
        const finished = await sendAllResumable(
          files,
          {
            endpoint: resumableEndpoint(),
            scope: `borrador-${pending.borrador}`,
            headers: async (creating) =>
              portalHeaders({
                organizationId,
                pendingToken: pending.token,
                botToken: creating ? await botTokens.next() : undefined,
              }),
          },
          { ...hooks, onProgress: (fraction) => hooks.onProgress?.(fraction * 0.98) },
        );
        sending = 'filing';
        const named = { ...json, borrador: pending.borrador, subidas: finished.map((f) => f.id) };
        const answer = await upload('createComplaint', { name: 'denuncia', json: named }, [], {
          pendingToken: pending.token,
        });
        hooks.onProgress?.(1);
        pendingFilings.forget();
        for (const done of finished) await done.forget();
        return answer;
      };
      try {
        return await send();
      } catch (error) {
        if (!pendingFilingGone(error, sending)) throw error;
        pendingFilings.forget();
        forgetAllUploads();
        return send();
      }
    },

    /** Signs in and keeps the token for the later calls of this tab. */
    async login(ticket: number, password: string): Promise<void> {
      const { token } = await call('login', { body: { ticket, password } });
      sessionStore.set({ ticket, token });
    },

    /**
     * Signs out: the stored token is forgotten first (so nothing in this tab can use it again,
     * whatever the network does), then killed on the server with DELETE /v1/denuncias/sesion.
     * A failed call is not an error for the person: the token then dies when it goes idle.
     */
    async logout(): Promise<void> {
      const session = sessionStore.get();
      sessionStore.clear();
      // An upload left unfinished is forgotten too (decision 0068), and a pending filing.
      forgetAllUploads();
      pendingFilings.forget();
      if (!session) return;
      try {
        await call('complainantSignOut', {}, { bearer: session.token });
      } catch (error) {
        console.error('No se pudo cerrar la sesión en el servidor', error);
      }
    },
    session: () => sessionStore.get(),

    /** `early`: the answer public/lectura-temprana.js started (early-complaint.ts), taken once. */
    async complaint(id: number, early?: CallOptions['early']): Promise<ComplaintDetail> {
      return fromDenunciaDetalle(
        await call('complaintDetail', { params: { id: String(id) } }, { auth: true, early }),
      );
    },

    async files(
      id: number,
      early?: CallOptions['early'],
    ): Promise<(ComplaintFile & { size: number; fromTeam: boolean })[]> {
      const list = await call(
        'complaintAttachments',
        { params: { id: String(id) } },
        { auth: true, early },
      );
      return list.map(fromAdjuntoListado);
    },

    addComment: (id: number, comment: string) =>
      call('addComment', { body: { comentario: comment, denuncia_id: id } }, { auth: true }),

    /** Asks for the investigator to be replaced, with a reason (decision 0022). */
    requestReplacement: (id: number, reason: string) =>
      call('requestReplacement', { body: { denuncia_id: id, motivo: reason } }, { auth: true }),

    /** "Sufrí represalias" on a closed complaint (decision 0060). */
    reportRetaliation: (id: number, account: string) =>
      call('reportRetaliation', { body: { denuncia_id: id, relato: account } }, { auth: true }),
    /** The transcript of an oral complaint: its versions and the one accepted (decision 0064). */
    async transcript(id: number) {
      return fromTranscripcion(
        await call('complaintTranscript', { params: { id: String(id) } }, { auth: true }),
      );
    },

    answerTranscript: (
      id: number,
      version: number,
      answer: { decision: TranscriptDecision; corrections: string },
    ) =>
      call(
        'answerTranscript',
        {
          body: {
            denuncia_id: id,
            version,
            decision: answer.decision,
            ...(answer.decision === 'corrige' ? { correcciones: answer.corrections } : {}),
          },
        },
        { auth: true },
      ),

    /**
     * The detail page's files: each sent over tus (resumable, decision 0068), then named in
     * POST /v1/denuncias/upload-files with the comment (`bitacora` {codigo, comentario, usuario,
     * subidas}), which joins them to the complaint in one commit.
     */
    async uploadFiles(
      input: { id: number; comment: string; files: File[]; user: string },
      hooks: ResumableBatchHooks = {},
    ) {
      const finished = await sendAllResumable(
        input.files,
        {
          endpoint: resumableEndpoint(),
          scope: String(input.id),
          headers: async (creating) =>
            portalHeaders({
              organizationId,
              bearer: sessionStore.get()?.token,
              botToken: creating ? await botTokens.next() : undefined,
            }),
        },
        hooks,
      );
      const json = toUploadBitacora({ ...input, uploads: finished.map((upload) => upload.id) });
      const answer = await upload('uploadFiles', { name: 'bitacora', json }, [], { auth: true });
      for (const upload of finished) await upload.forget();
      return answer;
    },

    status: (codigo: number) => call('complaintStatus', { body: { codigo } }, { auth: true }),

    recoverCode: (email: string) => call('recoverCodes', { body: { email } }),

    recoverPassword: (codigo: number, email: string) =>
      call('requestPasswordReset', { body: { codigo, email } }),

    // Law 21.719: the complainant's rights over their own data (issue 19).
    /** The machine-readable copy of their data (portability), as the API sends it. */
    personalData: (id: number) =>
      call('personalDataExport', { params: { id: String(id) } }, { auth: true }),
    /** Mails a confirmation link to the new address; nothing changes until it is opened. */
    changeEmail: (id: number, email: string) =>
      call('changeContactEmail', { body: { denuncia_id: id, email } }, { auth: true }),
    confirmEmail: (token: string) => call('confirmContactEmail', { body: { token } }),
    changePhone: (id: number, phone: string) =>
      call('changeContactPhone', { body: { denuncia_id: id, fono: phone } }, { auth: true }),
    requestDataRight: (id: number, right: (typeof PORTAL_DATA_RIGHTS)[number], detail: string) =>
      call(
        'requestDataRight',
        { body: { denuncia_id: id, derecho: right, detalle: detail } },
        { auth: true },
      ),

    resetPassword: (token: string, password: string, repeatPassword: string) =>
      call('resetPassword', { body: { token, password, repeatPassword } }),

    /** The case number and the short code of a receipt staff handed over (decision 0075). */
    activateComplaint: (body: ActivationPayload) => call('activateComplaint', { body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
