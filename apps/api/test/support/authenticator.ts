import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@canal/test-support/chromium';

/** What the page's code uses of the browser's WebAuthn API (the API's project has no DOM types). */
interface WebAuthnPage {
  PublicKeyCredential: {
    parseCreationOptionsFromJSON(json: unknown): unknown;
    parseRequestOptionsFromJSON(json: unknown): unknown;
  };
  navigator: {
    credentials: {
      create(o: { publicKey: unknown }): Promise<{ toJSON(): Record<string, unknown> }>;
      get(o: { publicKey: unknown }): Promise<{ toJSON(): Record<string, unknown> }>;
    };
  };
}

/**
 * A passkey authenticator for the API's tests: Chromium's own WebAuthn implementation with a
 * virtual authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`, CTAP2, internal,
 * resident keys, user verification). No software authenticator is written here: the page calls
 * `navigator.credentials.create()`/`.get()` with the options the API answered, on an origin the
 * test names (served by the page's route, no server), and the browser signs the client data with
 * that very origin, as it would for a person.
 */
export class BrowserAuthenticator {
  private constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly cdp: CDPSession,
    readonly authenticatorId: string,
  ) {}

  static launch(): Promise<Browser> {
    return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  }

  /** A page on `origin` (any port of localhost is a secure context) with a virtual authenticator. */
  static async open(browser: Browser, origin: string): Promise<BrowserAuthenticator> {
    const context = await browser.newContext();
    await context.route('**/*', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Gestión</title>' }),
    );
    const page = await context.newPage();
    await page.goto(`${origin}/gestion/ingresar`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return new BrowserAuthenticator(context, page, cdp, authenticatorId);
  }

  /** The same page, authenticator and passkeys, moved to another origin (a phishing page). */
  async goTo(origin: string) {
    await this.page.goto(`${origin}/gestion/ingresar`);
  }

  /** `navigator.credentials.create()` with the API's options: the answer as JSON. */
  create(options: unknown): Promise<Record<string, unknown>> {
    return this.page.evaluate(async (json) => {
      const w = globalThis as unknown as WebAuthnPage;
      const publicKey = w.PublicKeyCredential.parseCreationOptionsFromJSON(json);
      return (await w.navigator.credentials.create({ publicKey })).toJSON();
    }, options);
  }

  /** `navigator.credentials.get()` with the API's options: the answer as JSON. */
  get(options: unknown): Promise<Record<string, unknown>> {
    return this.page.evaluate(async (json) => {
      const w = globalThis as unknown as WebAuthnPage;
      const publicKey = w.PublicKeyCredential.parseRequestOptionsFromJSON(json);
      return (await w.navigator.credentials.get({ publicKey })).toJSON();
    }, options);
  }

  /** Whether the authenticator reports that it verified the person (PIN or biometrics). */
  async setUserVerified(isUserVerified: boolean) {
    await this.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: this.authenticatorId,
      isUserVerified,
    });
  }

  /** The passkeys the authenticator holds, private keys and signature counters included. */
  async credentials() {
    return (
      await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.authenticatorId })
    ).credentials;
  }

  /** Puts a copy of a passkey (its private key) in this authenticator, with its own counter. */
  async addCopy(
    credential: Awaited<ReturnType<BrowserAuthenticator['credentials']>>[number],
    signCount: number,
  ) {
    await this.cdp.send('WebAuthn.addCredential', {
      authenticatorId: this.authenticatorId,
      credential: { ...credential, signCount },
    });
  }

  async close() {
    await this.context.close();
  }
}
