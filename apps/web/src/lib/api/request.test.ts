import { describe, expect, it } from 'vitest';
import { fail, ok, portalApi } from '../../test/msw/portal';
import { recordRequests, server } from '../../test/msw/server';
import { portalRoutes } from '@canal/shared';
import type { Contract } from '@canal/shared/contract';
import { portalRequest, startEarly, takeEarly } from './request';

const ORG = 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae';

describe('requests a route starts early (decision 0026)', () => {
  it('hands the started request over once, then asks again', async () => {
    const calls = recordRequests();
    server.use(portalApi.categories(ok([])));
    const request = portalRequest(portalRoutes.offenceCategories, {}, { organizationId: ORG });
    startEarly(request);
    expect(await takeEarly(request)).toEqual({ status: 200, text: '[]' });
    expect(calls).toHaveLength(1);
    expect(takeEarly(request)).toBeNull();
  });

  it('keeps a failure for the screen that takes it', async () => {
    server.use(portalApi.categories(fail(500, 'sin conexión')));
    const request = portalRequest(portalRoutes.offenceCategories, {}, { organizationId: ORG });
    startEarly(request);
    expect((await takeEarly(request))?.text).toContain('sin conexión');
  });
});

describe('the portal request of a call', () => {
  it('takes the contract path and adds the headers in one place', () => {
    expect(
      portalRequest<Contract['complaintDetail']>(
        portalRoutes.complaintDetail,
        { params: { id: '7' } },
        { organizationId: ORG, botToken: 'token', bearer: 'sesion' },
      ),
    ).toEqual({
      method: 'GET',
      url: '/v1/denuncias/7',
      headers: {
        'x-filial': ORG,
        accept: 'application/json',
        'x-grecaptcha': 'token',
        authorization: 'Bearer sesion',
      },
      body: undefined,
    });
    // No token when the bot check is off, no session when the call needs none.
    expect(
      portalRequest<Contract['login']>(
        portalRoutes.login,
        { body: { ticket: 1, password: 'x' } },
        { organizationId: ORG, botToken: '' },
      ).headers,
    ).toEqual({ 'x-filial': ORG, accept: 'application/json', 'content-type': 'application/json' });
  });
});
