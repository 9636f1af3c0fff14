// Which hub addresses are accepted: plain nats:// only on this computer or on a network the
// user says is private; tls:// anywhere; never a password in the address.
import { describe, expect, it } from 'vitest';
import { checkHubUrl } from '../../../../../electron/core/hub/hub-url.ts';
import { EngineError } from '#shared/errors.ts';

function refusal(url: string, privateNetwork = false): EngineError {
  try {
    checkHubUrl(url, privateNetwork);
  } catch (err) {
    if (err instanceof EngineError) return err;
    throw err;
  }
  throw new Error(`${url} was accepted`);
}

describe('hub addresses', () => {
  it('accepts loopback nats:// and tls:// anywhere', () => {
    expect(checkHubUrl('nats://127.0.0.1:4333', false)).toEqual({
      server: '127.0.0.1:4333',
      tls: false,
    });
    expect(checkHubUrl('nats://localhost', false)).toEqual({
      server: 'localhost:4222',
      tls: false,
    });
    expect(checkHubUrl('nats://[::1]:4222', false)).toEqual({ server: '[::1]:4222', tls: false });
    expect(checkHubUrl('tls://hub.example.com:4222', false)).toEqual({
      server: 'hub.example.com:4222',
      tls: true,
    });
  });

  it('refuses plain nats:// to another computer unless the network is private, saying why', () => {
    const err = refusal('nats://192.168.1.20:4222');
    expect(err.code).toBe('validation_error');
    expect(err.field).toBe('url');
    expect(err.message).toContain('unencrypted');
    expect(err.message).toContain('private network');
    expect(checkHubUrl('nats://192.168.1.20:4222', true).tls).toBe(false);
  });

  it('refuses other schemes and credentials in the address', () => {
    expect(refusal('http://127.0.0.1:4222').message).toContain('nats:// or tls://');
    expect(refusal('not a url').field).toBe('url');
    const withPassword = refusal('nats://shop:secret@127.0.0.1:4222');
    expect(withPassword.message).toContain('credentials');
    expect(withPassword.message).not.toContain('secret');
  });
});
