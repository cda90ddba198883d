/**
 * What the server tells the page before it runs (a meta tag it writes into index.html): the portal
 * host prefix and whether this is production. Read synchronously so the brand is chosen before the
 * first paint.
 */
export interface RuntimeConfig {
  portalPrefix: string;
  production: boolean;
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
