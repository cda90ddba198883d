import {
  fromAdjunto,
  fromCategoriaDelitos,
  fromDenunciaDetalle,
  toDenunciaPayload,
  toUploadBitacora,
  type Adjunto,
  type CategoriaDelitos,
  type ComplaintDetail,
  type ComplaintFile,
  type ComplaintForm,
  type DenunciaCreated,
  type DenunciaDetalle,
  type OpcionSimple,
  type Agencia,
  type Zona,
  type ZonaConLugares,
  type TicketInfo,
} from '@canal/shared';
import { HttpError, send, type SendOptions } from './http';
import { createBotTokenSource, type BotTokenSource } from './bot-check';
import { sessionStore } from './session';

/** Retried once with a fresh bot-check token (SPEC §7). */
const RETRY_STATUSES = new Set([401, 403, 429]);
/** Long enough for 120 MB on a slow line. */
const UPLOAD_TIMEOUT_MS = 60 * 60 * 1000;

export interface ApiClientOptions {
  organizationId: string;
  botTokens?: BotTokenSource;
}

/** Every API path of SPEC §7 in one module; screens call these functions, never URLs. */
export function createApiClient({ organizationId, botTokens = createBotTokenSource() }: ApiClientOptions) {
  async function call<T>(
    options: Omit<SendOptions, 'headers'> & { botCheck?: boolean; auth?: boolean },
  ): Promise<T> {
    const attempt = async () => {
      const headers: Record<string, string> = { 'x-filial': organizationId, accept: 'application/json' };
      if (options.botCheck !== false) {
        const token = await botTokens.next();
        if (token) headers['x-grecaptcha'] = token;
      }
      const session = sessionStore.get();
      if (options.auth && session) headers.authorization = `Bearer ${session.token}`;
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

  /** Master data: no bot check; on failure an empty list and a console message (SPEC §7). */
  async function masterData<T>(path: string): Promise<T[]> {
    try {
      return await call<T[]>({ method: 'GET', url: `/v1/datos-maestros/${path}`, botCheck: false });
    } catch (error) {
      console.error(`No se pudieron cargar los datos maestros (${path})`, error);
      return [];
    }
  }

  return {
    organizationId,
    zones: () => masterData<Zona>('zonas'),
    zonesWithPlaces: () => masterData<ZonaConLugares>('zonas/lugares'),
    agencies: (zone: number) => masterData<Agencia>(`agencias/zona/${zone}`),
    categories: async () => (await masterData<CategoriaDelitos>('delitos')).map(fromCategoriaDelitos),
    relationOptions: () => masterData<OpcionSimple>('relacion-organizacion'),
    recognitionOptions: () => masterData<OpcionSimple>('reconoce-involucrados'),

    /** POST /v1/denuncias: the `denuncia` JSON part and one `files` part per file. */
    fileComplaint(form: ComplaintForm, ticketInfo: TicketInfo, files: File[], onProgress?: (f: number) => void) {
      const body = new FormData();
      body.append('denuncia', JSON.stringify(toDenunciaPayload(form, ticketInfo, organizationId)));
      for (const file of files) body.append('files', file, file.name);
      return call<DenunciaCreated>({
        method: 'POST',
        url: '/v1/denuncias',
        body,
        timeoutMs: UPLOAD_TIMEOUT_MS,
        onUploadProgress: onProgress,
      });
    },

    /** Signs in and keeps the token for the later calls of this tab. */
    async login(ticket: number, password: string): Promise<void> {
      const { token } = await call<{ token: string }>({
        method: 'POST',
        url: '/v1/denuncias/login',
        body: { ticket, password },
      });
      sessionStore.set({ ticket, token });
    },

    logout: () => sessionStore.clear(),
    session: () => sessionStore.get(),

    async complaint(id: number): Promise<ComplaintDetail> {
      return fromDenunciaDetalle(await call<DenunciaDetalle>({ method: 'GET', url: `/v1/denuncias/${id}`, auth: true }));
    },

    async files(id: number): Promise<(ComplaintFile & { size: number })[]> {
      const list = await call<(Adjunto & { size: number })[]>({
        method: 'GET',
        url: `/v1/denuncias/${id}/adjuntos`,
        auth: true,
      });
      return list.map((a) => ({ ...fromAdjunto(a), size: a.size }));
    },

    addComment: (id: number, comment: string) =>
      call<{ message: string }>({
        method: 'POST',
        url: '/v1/denuncias/add-comentario',
        body: { comentario: comment, denuncia_id: id },
        auth: true,
      }),

    /** POST /v1/denuncias/upload-files: `bitacora` {codigo, comentario, usuario} and the files. */
    uploadFiles(
      input: { id: number; comment: string; files: File[]; user: string },
      onProgress?: (fraction: number) => void,
    ) {
      const body = new FormData();
      body.append('bitacora', JSON.stringify(toUploadBitacora(input)));
      for (const file of input.files) body.append('files', file, file.name);
      return call<{ message: string }>({
        method: 'POST',
        url: '/v1/denuncias/upload-files',
        body,
        auth: true,
        timeoutMs: UPLOAD_TIMEOUT_MS,
        onUploadProgress: onProgress,
      });
    },

    status: (codigo: number) =>
      call<{ codigo: number; estado: string }>({
        method: 'POST',
        url: '/v1/denuncias/estado-denuncia',
        body: { codigo },
        auth: true,
      }),

    recoverCode: (email: string) =>
      call<{ message: string }>({ method: 'POST', url: '/v1/denuncias/codigo', body: { email } }),

    recoverPassword: (codigo: number, email: string) =>
      call<{ message: string }>({ method: 'POST', url: '/v1/denuncias/recuperar-password', body: { codigo, email } }),

    resetPassword: (token: string, password: string, repeatPassword: string) =>
      call<{ message: string; ticket: number }>({
        method: 'POST',
        url: '/v1/denuncias/restablecer-password',
        body: { token, password, repeatPassword },
      }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
