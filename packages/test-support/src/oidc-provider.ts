import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider for the API tests and the end-to-end suite (the `oidc-provider`
 * package: discovery, keys, authorization code flow with PKCE, refresh tokens), on a port of its
 * own. Its people and their groups are `accounts`, changed by the tests. By default the next login
 * signs in as `signInAs`'s subject with consent given in advance (the API tests walk it with
 * `walkProvider`); `interactive` serves the package's own login and consent pages instead, where a
 * person in Chromium types their subject as the login and presses «Continue». `tamper` rewrites
 * the next ID token the token endpoint answers (re-signed with the provider's own key), to try a
 * wrong audience or an expired token that only the relying party's checks can catch.
 */
export interface TestAccount {
  email: string;
  name: string;
  groups: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** The account the next login at the provider signs in as. */
  signInAs(subject: string): void;
  tamper(change: ((payload: JWTPayload) => JWTPayload) | null): void;
  close(): Promise<void>;
}

export async function startOidcProvider(
  redirectUri: string,
  { interactive = false }: { interactive?: boolean } = {},
): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'prueba-1', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let subject = '';
  let tamper: ((payload: JWTPayload) => JWTPayload) | null = null;
  const clientId = 'canal-de-denuncias';
  const clientSecret = 'secreto-del-canal-de-denuncias-de-prueba';

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Without the pages: the next login is `signInAs`'s subject, with consent given in advance.
  const noPages: Pick<Configuration, 'interactions' | 'loadExistingGrant'> = {
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile groups offline_access');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
      await grant.save();
      return grant;
    },
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['clave-de-cookies-de-prueba'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    features: { devInteractions: { enabled: interactive } },
    // The person's claims in the ID token itself, as Entra ID and Keycloak put the groups there.
    conformIdTokenClaims: false,
    // Refresh tokens without offline_access (Entra and Google need it or access_type=offline).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ...(interactive ? {} : noPages),
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
          groups: account.groups,
        }),
      };
    },
    ttl: { IdToken: 600, AccessToken: 600 },
  });
  const callback = provider.callback();

  /** Rewrites the ID token of a token answer (the body Koa ends the response with). */
  function tamperWith(res: ServerResponse) {
    const change = tamper;
    if (!change) return;
    tamper = null;
    const end = res.end.bind(res) as (body: string) => ServerResponse;
    res.end = ((chunk: Buffer | string) => {
      void (async () => {
        const body = JSON.parse(chunk.toString()) as { id_token?: string };
        if (body.id_token) {
          body.id_token = await new SignJWT(change(decodeJwt(body.id_token)))
            .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
            .sign(privateKey);
        }
        const text = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(text));
        end(text);
      })();
      return res;
    }) as never;
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!interactive && req.url?.startsWith('/interaction/')) {
      void provider
        .interactionFinished(
          req,
          res,
          { login: { accountId: subject } },
          { mergeWithLastSubmission: false },
        )
        .catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      return;
    }
    if (req.method === 'POST' && req.url === '/token') tamperWith(res);
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: (sub) => {
      subject = sub;
    },
    tamper: (change) => {
      tamper = change;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The browser's part at the provider: follows its redirects with its cookies from the authorization
 * URL to the return address, which it gives back (with `code`, `state` and `iss`).
 */
export async function walkProvider(authorizationUrl: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hops = 0; hops < 10; hops += 1) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`el proveedor respondió ${res.status}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('demasiadas redirecciones en el proveedor');
}
