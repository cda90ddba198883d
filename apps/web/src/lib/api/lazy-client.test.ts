import { describe, expect, it } from 'vitest';
import { ok, portalApi } from '../../test/msw/portal';
import { recordRequests, server } from '../../test/msw/server';
import { lazyApiClient } from './lazy-client';

const ORG = 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae';

describe('the lazily loaded API client (decision 0026)', () => {
  it('answers like the client it loads, and is no promise itself', async () => {
    const calls = recordRequests();
    server.use(portalApi.zones(ok([{ id: 1, nombre: 'Norte', agencias: [] }])));
    const api = lazyApiClient(ORG);
    expect(api.organizationId).toBe(ORG);
    expect(api.session()).toBeNull();
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await api.zones()).toEqual([{ id: 1, nombre: 'Norte', agencias: [] }]);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/datos-maestros/zonas' });
    expect(calls[0]!.headers).toMatchObject({ 'x-filial': ORG });
  });
});
