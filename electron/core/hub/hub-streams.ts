// The merchant's stream on the hub (docs/hub.md): made by the receiving node on the central
// hub, and, on a shop's leaf node, as the shop's copy sourcing the hub's.
import { StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { HubNames } from './hub-names.ts';

/** How a stream keeps a message id for duplicates: a receiving node's retries fall inside. */
const DUPLICATE_WINDOW_MS = 2 * 60 * 60 * 1000;

export async function ensureStream(jsm: JetStreamManager, n: HubNames): Promise<void> {
  try {
    await jsm.streams.info(n.stream);
  } catch {
    await jsm.streams.add({
      name: n.stream,
      subjects: [n.payments, n.checkouts],
      storage: StorageType.File,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    });
  }
}

/**
 * On a shop's leaf node: the shop's copy of the merchant's stream, sourcing the central hub's
 * (in JetStream domain `hubDomain`). Tills read it locally, so they keep working, and catch
 * up in order, while the shop's link to the hub is cut. Made once; a second till making it
 * at the same moment finds it made.
 */
export async function ensureShopStream(
  jsm: JetStreamManager,
  n: HubNames,
  hubDomain: string,
): Promise<void> {
  const exists = () =>
    jsm.streams.info(n.stream).then(
      () => true,
      () => false,
    );
  if (await exists()) return;
  try {
    await jsm.streams.add({
      name: n.stream,
      storage: StorageType.File,
      sources: [{ name: n.stream, external: { api: `$JS.${hubDomain}.API`, deliver: '' } }],
    });
  } catch (err) {
    if (!(await exists())) throw err;
  }
}
