/**
 * What the server tells the page before it runs (a meta tag it writes into index.html): the portal
 * host prefix and whether this is production, read synchronously so the brand is chosen before the
 * first paint; and the bot check's settings (as GET /v1/configuracion answers them), so the first
 * call's token starts without that round trip (issue 26). Absent when the page did not carry them.
 */
export interface RuntimeConfig {
  portalPrefix: string;
  production: boolean;
  botCheck?: 'altcha' | 'recaptcha' | 'off';
  recaptchaSiteKey?: string | null;
}

const DEFAULTS: RuntimeConfig = {
  portalPrefix: 'canaldenuncias',
  production: import.meta.env.PROD,
};

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const content = doc.querySelector('meta[name="canal-config"]')?.getAttribute('content');
  if (!content) return DEFAULTS;
  try {
    return { ...DEFAULTS, ...(JSON.parse(content) as Partial<RuntimeConfig>) };
  } catch {
    return DEFAULTS;
  }
}
