// The only place that touches ipcMain: ONE registration loop over the contract. Each call is
// checked to come from the console's own page, its input parsed by the engine, and answered
// {ok:true,data} or {ok:false,error}. Pushes are queued until the page says it is ready.
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import {
  CHANNELS,
  EVENTS,
  EVENT_CHANNEL_PREFIX,
  READY_SIGNAL,
  type Channel,
} from '#shared/channels.ts';
import type { IpcResult, Output } from '#shared/contract.ts';
import { OWNER, toErrorShape, type Engine } from '../core/index.ts';

export interface IpcOptions {
  engine: Engine;
  isTrustedUrl: (url: string) => boolean;
  /** Pushes kept while the page is not ready; the oldest are dropped beyond this. */
  maxQueued?: number;
  /**
   * Told of each call the engine answered (not failed or refused ones), after the answer:
   * main's own state that follows a setting (the tray's language) refreshes from it.
   */
  onCalled?: (channel: Channel, input: unknown) => void;
}

export interface IpcBridge {
  /** Makes `contents` the one page allowed to call and to receive pushes. */
  attach(contents: WebContents): void;
  dispose(): void;
}

/** Trusted only if sent by the main frame of the attached page while it shows our URL. */
export function isTrustedSender(
  event: IpcMainEvent | IpcMainInvokeEvent,
  contents: WebContents | null,
  isTrustedUrl: (url: string) => boolean,
): boolean {
  const frame = event.senderFrame;
  return (
    contents !== null &&
    !contents.isDestroyed() &&
    event.sender.id === contents.id &&
    frame !== null &&
    frame.parent === null &&
    isTrustedUrl(frame.url)
  );
}

export function registerIpc(opts: IpcOptions): IpcBridge {
  const { engine, isTrustedUrl } = opts;
  const maxQueued = opts.maxQueued ?? 1000;
  let contents: WebContents | null = null;
  let ready = false;
  let queue: Array<{ name: string; payload: unknown }> = [];

  const deliver = (name: string, payload: unknown): void => {
    if (contents === null || contents.isDestroyed() || !ready) {
      queue.push({ name, payload });
      if (queue.length > maxQueued) queue.shift();
      return;
    }
    contents.send(EVENT_CHANNEL_PREFIX + name, payload);
  };
  const unsubscribes = EVENTS.map((name) => engine.on(name, (payload) => deliver(name, payload)));

  const handle = async <C extends Channel>(
    channel: C,
    event: IpcMainInvokeEvent,
    input: unknown,
  ): Promise<IpcResult<Output<C>>> => {
    if (!isTrustedSender(event, contents, isTrustedUrl)) {
      // Rejected outright (not a typed result): a foreign page gets nothing to work with.
      console.warn(`ipc: refused "${channel}" from an untrusted sender`);
      throw new Error('This IPC sender is not allowed.');
    }
    let data: Output<C>;
    try {
      // The desktop window is the console's owner.
      data = await engine.call(channel, input ?? {}, OWNER);
    } catch (err) {
      return { ok: false, error: toErrorShape(err) };
    }
    try {
      opts.onCalled?.(channel, input);
    } catch (err) {
      console.error(`ipc: onCalled for "${channel}" failed:`, err);
    }
    return { ok: true, data };
  };
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown) => handle(channel, event, input));
  }

  const onReady = (event: IpcMainEvent): void => {
    if (!isTrustedSender(event, contents, isTrustedUrl) || contents === null) return;
    ready = true;
    const pending = queue;
    queue = [];
    for (const { name, payload } of pending) contents.send(EVENT_CHANNEL_PREFIX + name, payload);
  };
  ipcMain.on(READY_SIGNAL, onReady);

  return {
    attach(next) {
      contents = next;
      ready = false;
      // A reload or navigation starts a new page that must signal ready again.
      next.on('did-start-navigation', (details) => {
        if (contents === next && details.isMainFrame && !details.isSameDocument) ready = false;
      });
      next.on('render-process-gone', () => {
        if (contents === next) ready = false;
      });
    },
    dispose() {
      for (const off of unsubscribes) off();
      for (const channel of CHANNELS) ipcMain.removeHandler(channel);
      ipcMain.removeListener(READY_SIGNAL, onReady);
    },
  };
}
