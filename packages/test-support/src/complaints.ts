import { contract } from '@canal/shared/contract';
import type { FastifyInstance } from 'fastify';
import { callApi } from './api';
import { multipart, type FilePart } from './multipart';

export const HEAD_OFFICE = 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae';
export const CEM = '90d44edd-9778-410e-931f-f8a5ec8877af';
export const CLINICA_ATACAMA = '8bf201dc-9a12-4b68-80fa-7afd360c0f94';

export const PASSWORD = 'Segura#2024';
export const EMAIL = 'denunciante.prueba@correo.cl';

/** A complete, valid identified complaint for the head office (seed ids: zone 13, agency 1131). */
export function denuncia(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    campo_reconoce_involucrados_id: 1,
    campo_toma_conocimiento_id: 2,
    denuncia_ticket: { email: EMAIL, pass: PASSWORD },
    email_contacto: EMAIL,
    es_anonima: false,
    fecha_delito: '15/03/2024',
    filial: HEAD_OFFICE,
    otro_lugar: '',
    relacion_organizacion_id: 1,
    relato: 'Mi jefatura me grita frente al equipo todas las semanas desde marzo.',
    tipo_delito_id: 26,
    zona_id: 13,
    agencia_id: 1131,
    denunciante: {
      apellido_materno: 'Rojas',
      apellido_paterno: 'González',
      email: EMAIL,
      fono: '912345678',
      nombres: 'María José',
      rut: '12.345.678-5',
    },
    ...overrides,
  };
}

export const anonymous = (overrides: Record<string, unknown> = {}) => {
  const d = denuncia({ es_anonima: true, tipo_delito_id: 1, ...overrides });
  delete d.denunciante;
  return d;
};

export const headers = (filial = HEAD_OFFICE, extra: Record<string, string> = {}) => ({
  'x-filial': filial,
  ...extra,
});

export async function file(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  files: FilePart[] = [],
  filial = (payload.filial as string) ?? HEAD_OFFICE,
) {
  const { body, headers: h } = multipart([
    { name: 'denuncia', json: payload },
    ...files.map((f) => ({ name: 'files', ...f })),
  ]);
  return app.inject({
    method: 'POST',
    url: '/v1/denuncias',
    payload: body,
    headers: { ...h, ...headers(filial) },
  });
}

/** Signs in to complaint `ticket` with PASSWORD: the Bearer token and the headers of later calls. */
export async function login(app: FastifyInstance, ticket: number, filial = HEAD_OFFICE) {
  const res = await callApi(app, contract.login, {
    headers: headers(filial),
    body: { ticket, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`no se pudo entrar: ${res.statusCode} ${res.body}`);
  const { token } = res.json() as { token: string };
  return { token, auth: { ...headers(filial), authorization: `Bearer ${token}` } };
}

/** Files a valid complaint and signs in: the ticket and a Bearer token. */
export async function fileAndLogin(app: FastifyInstance, payload = denuncia()) {
  const created = await file(app, payload);
  if (created.statusCode !== 201)
    throw new Error(`no se pudo ingresar: ${created.statusCode} ${created.body}`);
  const { ticket } = created.json() as { ticket: number };
  return { ticket, ...(await login(app, ticket, payload.filial as string)) };
}
