// Reads the conformance target from the environment. The API key is only ever put into the
// x-api-key header: it is not printed, not part of any message, not part of a test name.

export interface ExternalTarget {
  baseUrl: string;
  apiKey: string;
  /** Optional CHECKOUT_PAGE_BASE: when given, checkout_url must start with it. */
  checkoutPageBase: string | undefined;
}

function absoluteHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL`);
  }
  return value.replace(/\/+$/, '');
}

/** The real service to check, or null to check the in-process sandbox. */
export function externalTarget(env: NodeJS.ProcessEnv): ExternalTarget | null {
  const baseUrl = env.CHECKOUT_BASE_URL?.trim();
  const apiKey = env.CHECKOUT_API_KEY?.trim();
  if (!baseUrl && !apiKey) return null;
  if (!baseUrl) throw new Error('CHECKOUT_API_KEY is set but CHECKOUT_BASE_URL is not');
  if (!apiKey) throw new Error('CHECKOUT_BASE_URL is set but CHECKOUT_API_KEY is not');
  if (!/^[^\s]+_live_[^\s]+$/.test(apiKey)) {
    throw new Error('CHECKOUT_API_KEY does not have the form <prefix>_live_<rest> (not shown)');
  }
  const pageBase = env.CHECKOUT_PAGE_BASE?.trim();
  return {
    baseUrl: absoluteHttpUrl('CHECKOUT_BASE_URL', baseUrl),
    apiKey,
    checkoutPageBase: pageBase ? absoluteHttpUrl('CHECKOUT_PAGE_BASE', pageBase) : undefined,
  };
}

export function describeTarget(target: ExternalTarget | null): string {
  if (target === null) {
    return 'the local sandbox, started in-process (all checks, house rules included).';
  }
  return (
    `${target.baseUrl} with the key from CHECKOUT_API_KEY (not shown). ` +
    'Only stated, non-destructive checks run; checkouts are created with active:false. ' +
    'Sandbox-only checks (house rules, webhook registration, paying) are skipped.'
  );
}

/** Describe-name suffixes that say why a block is skipped against a real service. */
export const HOUSE_RULE = 'sandbox only: a house rule, a real service may differ';
export const DESTRUCTIVE = 'sandbox only: registers webhooks or pays, never done to a real account';
