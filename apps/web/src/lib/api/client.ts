import {
  fillPath,
  fromAdjunto,
  fromCategoriaDelitos,
  fromDenunciaDetalle,
  fromPrivacyNotice,
  toDenunciaPayload,
  toUploadBitacora,
  type ComplaintDetail,
  type ComplaintFile,
  type ComplaintForm,
  type TicketInfo,
} from '@canal/shared';
// Types only from the contract: its zod schemas stay out of the portal's first load.
import type { contract, SuccessOf } from '@canal/shared/contract';
import { HttpError, send, type SendOptions } from './http';
import { createBotTokenSource, type BotTokenSource } from './bot-check';
import { sessionStore } from './session';
import { baseHeaders, MASTER_DATA_PATHS } from './master-data-paths';

type Contract = typeof contract;
type PortalCall =
  | 'zones'
  | 'zonePlaces'
  | 'zoneAgencies'
  | 'offenceCategories'
  | 'relationOptions'
  | 'recognitionOptions'
  | 'createComplaint'
  | 'login'
  | 'complaintDetail'
  | 'complaintAttachments'
  | 'addComment'
  | 'requestReplacement'
  | 'uploadFiles'
  | 'complaintStatus'
  | 'recoverCodes'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'personalDataExport'
  | 'changeContactEmail'
  | 'confirmContactEmail'
  | 'changeContactPhone'
  | 'requestDataRight'
  | 'privacyNotice';

/** A contract path, written out and checked against the contract by its type (`satisfies`), so no
 * table of paths or schema reaches the first load. */
type PathOf<K extends PortalCall> = Contract[K]['path'];

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

/** Every API path of SPEC §7 in one module; screens call these functions, never URLs. */
export function createApiClient({
  organizationId,
  botTokens = createBotTokenSource(),
}: ApiClientOptions) {
  async function call<T>(
    options: Omit<SendOptions, 'headers'> & {
      botCheck?: boolean;
      auth?: boolean;
      /** A bearer token to send instead of the stored session's (sign-out, once it is cleared). */
      bearer?: string;
    },
  ): Promise<T> {
    const attempt = async () => {
      const headers = baseHeaders(organizationId);
      if (options.botCheck !== false) {
        const token = await botTokens.next();
        if (token) headers['x-grecaptcha'] = token;
      }
      const session = sessionStore.get();
      if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
      else if (options.auth && session) headers.authorization = `Bearer ${session.token}`;
      return send({ ...options, headers });
    };
    try {
      return (await attempt()).body as T;
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'http' && RETRY_STATUSES.has(error.status)) {
        return (await attempt()).body as T;
      }
      throw error;
    }
  }

  /** A JSON POST to the portal call `K` (its path checked against the contract). */
  const post = <K extends PortalCall>(url: PathOf<K>, body: object, auth = false) =>
    call<Answer<K>>({ method: 'POST', url, body, auth });

  /**
   * A multipart POST to the portal call `K`: one JSON part named `part`, then one `files` part per
   * file, with upload progress and the long upload timeout.
   */
  function upload<K extends PortalCall>(
    url: PathOf<K>,
    part: { name: string; json: object },
    files: File[],
    { auth = false, onProgress }: { auth?: boolean; onProgress?: (fraction: number) => void },
  ) {
    const body = new FormData();
    body.append(part.name, JSON.stringify(part.json));
    for (const file of files) body.append('files', file, file.name);
    return call<Answer<K>>({
      method: 'POST',
      url,
      body,
      auth,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      onUploadProgress: onProgress,
    });
  }

  /** Master data: no bot check; on failure an empty list and a console message (SPEC §7). */
  async function masterData<T>(url: string): Promise<T> {
    try {
      return await call<T>({ method: 'GET', url, botCheck: false });
    } catch (error) {
      console.error(`No se pudieron cargar los datos maestros (${url})`, error);
      return [] as T;
    }
  }

  return {
    organizationId,
    /** A form that will need a bot-check token opened: solve it while the person types. */
    prepareBotCheck: () => botTokens.prepare?.(),
    zones: () => masterData<Answer<'zones'>>('/v1/datos-maestros/zonas' satisfies PathOf<'zones'>),
    zonesWithPlaces: () => masterData<Answer<'zonePlaces'>>(MASTER_DATA_PATHS.zonesWithPlaces),
    agencies: (zone: number) =>
      masterData<Answer<'zoneAgencies'>>(
        fillPath('/v1/datos-maestros/agencias/zona/:zone' satisfies PathOf<'zoneAgencies'>, {
          zone,
        }),
      ),
    categories: async () =>
      (await masterData<Answer<'offenceCategories'>>(MASTER_DATA_PATHS.categories)).map(
        fromCategoriaDelitos,
      ),
    relationOptions: () => masterData<Answer<'relationOptions'>>(MASTER_DATA_PATHS.relationOptions),
    recognitionOptions: () =>
      masterData<Answer<'recognitionOptions'>>(MASTER_DATA_PATHS.recognitionOptions),

    /** The organisation's privacy notice data (no bot check, like master data). */
    privacyNotice: async () =>
      fromPrivacyNotice(
        await call<Answer<'privacyNotice'>>({
          method: 'GET',
          url: '/v1/aviso-privacidad' satisfies PathOf<'privacyNotice'>,
          botCheck: false,
        }),
      ),

    /** POST /v1/denuncias: the `denuncia` JSON part and one `files` part per file. */
    fileComplaint(
      form: ComplaintForm,
      ticketInfo: TicketInfo,
      files: File[],
      onProgress?: (f: number) => void,
    ) {
      const json = toDenunciaPayload(form, ticketInfo, organizationId);
      return upload<'createComplaint'>('/v1/denuncias', { name: 'denuncia', json }, files, {
        onProgress,
      });
    },

    /** Signs in and keeps the token for the later calls of this tab. */
    async login(ticket: number, password: string): Promise<void> {
      const { token } = await post<'login'>('/v1/denuncias/login', { ticket, password });
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
      if (!session) return;
      try {
        await call<void>({ method: 'DELETE', url: '/v1/denuncias/sesion', bearer: session.token });
      } catch (error) {
        console.error('No se pudo cerrar la sesión en el servidor', error);
      }
    },
    session: () => sessionStore.get(),

    async complaint(id: number): Promise<ComplaintDetail> {
      return fromDenunciaDetalle(
        await call<Answer<'complaintDetail'>>({
          method: 'GET',
          url: fillPath('/v1/denuncias/:id' satisfies PathOf<'complaintDetail'>, { id }),
          auth: true,
        }),
      );
    },

    async files(id: number): Promise<(ComplaintFile & { size: number; fromTeam: boolean })[]> {
      const list = await call<Answer<'complaintAttachments'>>({
        method: 'GET',
        url: fillPath('/v1/denuncias/:id/adjuntos' satisfies PathOf<'complaintAttachments'>, {
          id,
        }),
        auth: true,
      });
      return list.map((a) => ({ ...fromAdjunto(a), size: a.size, fromTeam: a.del_equipo }));
    },

    addComment: (id: number, comment: string) =>
      post<'addComment'>(
        '/v1/denuncias/add-comentario',
        { comentario: comment, denuncia_id: id },
        true,
      ),

    /** Asks for the investigator to be replaced, with a reason (decision 0022). */
    requestReplacement: (id: number, reason: string) =>
      post<'requestReplacement'>(
        '/v1/denuncias/solicitud-reemplazo',
        { denuncia_id: id, motivo: reason },
        true,
      ),

    /** POST /v1/denuncias/upload-files: `bitacora` {codigo, comentario, usuario} and the files. */
    uploadFiles(
      input: { id: number; comment: string; files: File[]; user: string },
      onProgress?: (fraction: number) => void,
    ) {
      const json = toUploadBitacora(input);
      return upload<'uploadFiles'>(
        '/v1/denuncias/upload-files',
        { name: 'bitacora', json },
        input.files,
        { auth: true, onProgress },
      );
    },

    status: (codigo: number) =>
      post<'complaintStatus'>('/v1/denuncias/estado-denuncia', { codigo }, true),

    recoverCode: (email: string) => post<'recoverCodes'>('/v1/denuncias/codigo', { email }),

    recoverPassword: (codigo: number, email: string) =>
      post<'requestPasswordReset'>('/v1/denuncias/recuperar-password', { codigo, email }),

    // Law 21.719: the complainant's rights over their own data (issue 19).
    /** The machine-readable copy of their data (portability), as the API sends it. */
    personalData: (id: number) =>
      call<Answer<'personalDataExport'>>({
        method: 'GET',
        url: fillPath('/v1/denuncias/:id/mis-datos' satisfies PathOf<'personalDataExport'>, { id }),
        auth: true,
      }),
    /** Mails a confirmation link to the new address; nothing changes until it is opened. */
    changeEmail: (id: number, email: string) =>
      post<'changeContactEmail'>('/v1/denuncias/correo', { denuncia_id: id, email }, true),
    confirmEmail: (token: string) =>
      post<'confirmContactEmail'>('/v1/denuncias/correo/confirmar', { token }),
    changePhone: (id: number, phone: string) =>
      post<'changeContactPhone'>('/v1/denuncias/telefono', { denuncia_id: id, fono: phone }, true),
    requestDataRight: (id: number, right: string, detail: string) =>
      post<'requestDataRight'>(
        '/v1/denuncias/solicitud-datos',
        { denuncia_id: id, derecho: right, detalle: detail },
        true,
      ),

    resetPassword: (token: string, password: string, repeatPassword: string) =>
      post<'resetPassword'>('/v1/denuncias/restablecer-password', {
        token,
        password,
        repeatPassword,
      }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
