// The "only on this computer" rule beside a link's QR code and Copy button.
import { describe, expect, it } from 'vitest';
import { onlyOnThisComputer } from '../../../../renderer/src/lib/link-reach.ts';

const ID = '01900000-0000-7000-8000-000000000001';
const LAN = 'http://192.168.1.23:41873';

describe('onlyOnThisComputer', () => {
  it('loopback hosts, on any profile', () => {
    for (const url of [
      `http://127.0.0.1:41873/pay/${ID}`,
      `http://127.9.9.9/pay/${ID}`,
      `http://localhost:8080/pay/${ID}`,
      `http://shop.localhost/pay/${ID}`,
      `http://[::1]:41873/pay/${ID}`,
    ]) {
      expect(onlyOnThisComputer(url, { sandbox: false, payBase: undefined }), url).toBe(true);
      expect(onlyOnThisComputer(url, { sandbox: true, payBase: LAN }), url).toBe(true);
    }
  });

  it('a live service’s own address is taken as reachable', () => {
    const url = `https://pay.example.com/pay/${ID}`;
    expect(onlyOnThisComputer(url, { sandbox: false, payBase: undefined })).toBe(false);
    expect(
      onlyOnThisComputer(`http://192.168.1.50/pay/${ID}`, { sandbox: false, payBase: null }),
    ).toBe(false);
  });

  it('sandbox: a link on the open pay listener is reachable; on a closed or moved one it is not', () => {
    const url = `${LAN}/pay/${ID}`;
    expect(onlyOnThisComputer(url, { sandbox: true, payBase: LAN })).toBe(false);
    expect(onlyOnThisComputer(url, { sandbox: true, payBase: null })).toBe(true);
    expect(onlyOnThisComputer(url, { sandbox: true, payBase: 'http://10.0.0.5:41873' })).toBe(true);
    expect(onlyOnThisComputer(url, { sandbox: true, payBase: 'http://192.168.1.23:5000' })).toBe(
      true,
    );
    // The open listener's address is reachable by choice, even one in 127/8 (as in tests).
    const test = 'http://127.0.0.2:41873';
    expect(onlyOnThisComputer(`${test}/pay/${ID}`, { sandbox: true, payBase: test })).toBe(false);
    expect(onlyOnThisComputer(`${test}/pay/${ID}`, { sandbox: true, payBase: null })).toBe(true);
    expect(onlyOnThisComputer(`${test}/pay/${ID}`, { sandbox: false, payBase: test })).toBe(true);
    // Not known yet: no claim beyond the loopback rule.
    expect(onlyOnThisComputer(url, { sandbox: true, payBase: undefined })).toBe(false);
  });

  it('no claim about text that is not a URL', () => {
    expect(onlyOnThisComputer('not a url', { sandbox: true, payBase: null })).toBe(false);
  });
});
