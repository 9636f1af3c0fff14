// Which hub addresses are acceptable. Payments cross the hub, so a plain nats:// connection
// leaving this computer would carry them unencrypted: refused unless the user says the
// network is private (their shop's own machines only).
import { EngineError } from '#shared/errors.ts';

export interface HubServer {
  /** host:port as the NATS client takes it. */
  server: string;
  tls: boolean;
}

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Parses the hub URL; throws a validation error on `url` saying why it is refused. */
export function checkHubUrl(url: string, privateNetwork: boolean): HubServer {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EngineError('validation_error', 'The hub address must look like nats://host:4222.', {
      field: 'url',
    });
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  if (scheme !== 'nats' && scheme !== 'tls') {
    throw new EngineError(
      'validation_error',
      'The hub address must start with nats:// or tls:// (a NATS server).',
      { field: 'url' },
    );
  }
  if (parsed.username !== '' || parsed.password !== '') {
    // A password in the address would end up in console.db and in the status.
    throw new EngineError(
      'validation_error',
      'Put the hub user and password in the credentials, not in the address.',
      { field: 'url' },
    );
  }
  const host = parsed.hostname;
  const tls = scheme === 'tls';
  if (!tls && !isLoopback(host) && !privateNetwork) {
    throw new EngineError(
      'validation_error',
      `Payments would cross the network to ${host} unencrypted: use a tls:// address, or tick "This is a private network" if only your shop's own computers can reach this hub.`,
      { field: 'url' },
    );
  }
  return { server: `${parsed.host.includes(':') ? parsed.host : `${parsed.host}:4222`}`, tls };
}

/** The address as shown: scheme, host and port only. */
export function shownHubUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return url;
  }
}
