// The MSW answers of the web tests are the contract's answers: a fixture whose shape the contract
// no longer has fails at type level (`npm run typecheck`, the @ts-expect-error lines below would
// become unused and fail it) and at run time (the helper parses it in strict mode before any
// screen sees it), so a back-office screen test cannot keep passing against an answer the API
// does not give.
import { contract, type InboxPageWire } from '@canal/shared/contract';
import { describe, expect, it } from 'vitest';
import { answer, checkAnswer, created, fail, ok } from './answers';
import { staffApi } from './back-office';
import { server } from './server';

const page: InboxPageWire = {
  total: 1,
  limite: 25,
  desplazamiento: 0,
  siguiente: null,
  casos: [
    {
      id: 1,
      numero: 'CD-2026-00001',
      organizacion: { id: 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae', nombre: 'Casa matriz' },
      estado: 'Recibida',
      categoria: null,
      tipo: null,
      tipo_id: 26,
      anonima: true,
      canal: 'portal',
      fecha_ingreso: '2026-03-02T12:00:00.000Z',
      proximo_vencimiento: null,
      vencido: false,
      por_vencer: false,
      asignado: null,
      prioridad: null,
      etiquetas: [],
      derivar_dt: false,
      proximo_hito: null,
      novedad_denunciante: false,
    },
  ],
};
const [row] = page.casos;

describe('MSW answers typed and checked by the contract', () => {
  it('answers a fixture that matches the contract, on the contract path and method', async () => {
    server.use(answer(contract.inbox, 200, page));
    const res = await fetch(new URL('/v1/gestion/casos?limite=25', location.href));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(page);
  });

  it('throws for a fixture with a field the contract lacks', () => {
    const extra = { ...page, casos: [{ ...row!, riesgo: 'alto' }] };
    expect(() => staffApi.inbox(ok(extra))).toThrow(/no cumple el contrato[\s\S]*riesgo/);
    expect(() => checkAnswer(contract.inbox, 200, { ...page, pagina: 1 })).toThrow(/pagina/);
  });

  it('throws for a fixture without a field the contract requires', () => {
    const { por_vencer: _, ...withoutDueSoon } = row!;
    // @ts-expect-error the contract requires `por_vencer` (typecheck fails without this line's error)
    expect(() => staffApi.inbox(ok({ ...page, casos: [withoutDueSoon] }))).toThrow(/por_vencer/);
    expect(() =>
      // @ts-expect-error a wrong type is a type error too
      answer(contract.verifyAuditChain, 200, { integra: 'sí', entradas: 3, primera_rota: null }),
    ).toThrow(/integra/);
  });

  it('throws for a status the endpoint does not declare', () => {
    // @ts-expect-error inviting answers 201, not 200
    expect(() => staffApi.invite(ok({ id: 1 }))).toThrow(/no declara la respuesta/);
    // @ts-expect-error listing users never answers 409
    expect(() => staffApi.users(fail(409, 'x'))).toThrow(/POST|GET \/v1\/gestion\/usuarios 409/);
    expect(() => staffApi.changeStatus(created({ message: 'ok' }))).not.toThrow();
  });
});
