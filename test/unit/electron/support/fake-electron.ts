// TEST DOUBLE of the `electron` module, just enough for the glue in electron/main and
// electron/preload (used through vi.mock('electron')). ipcRenderer and ipcMain are wired to
// each other through one fake page, so preload → main → preload round trips are real calls.
import { EventEmitter } from 'node:events';

type Listener = (...args: never[]) => unknown;

export class FakeFrame {
  url: string;
  parent: FakeFrame | null;
  constructor(url: string, parent: FakeFrame | null = null) {
    this.url = url;
    this.parent = parent;
  }
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  mainFrame: FakeFrame;
  destroyed = false;
  sent: Array<[string, unknown]> = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  constructor(url = 'about:blank') {
    super();
    this.mainFrame = new FakeFrame(url);
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
    if (fake.page === this) fake.ipcRenderer.deliver(channel, payload);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  /** Emits an event with a fake Electron event object; returns whether it was prevented. */
  fire(name: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  options: Record<string, unknown>;
  webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  bounds: { x: number; y: number; width: number; height: number };
  maximized = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    this.bounds = {
      x: (options.x as number) ?? 10,
      y: (options.y as number) ?? 10,
      width: options.width as number,
      height: options.height as number,
    };
    FakeBrowserWindow.instances.push(this);
  }
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances;
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  maximize(): void {
    this.maximized = true;
  }
  visible = true;
  destroyed = false;
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {}
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Like Electron: 'close' listeners may preventDefault; otherwise the window goes. */
  close(): void {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    this.emit('closed');
  }
}

interface InvokeEvent {
  sender: FakeWebContents;
  senderFrame: FakeFrame | null;
}

class FakeIpcMain {
  handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
  listeners = new Map<string, Set<(event: InvokeEvent, ...args: unknown[]) => void>>();
  handle(channel: string, handler: (event: InvokeEvent, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  on(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => void): void {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
  }
  removeListener(
    channel: string,
    listener: (event: InvokeEvent, ...args: unknown[]) => void,
  ): void {
    this.listeners.get(channel)?.delete(listener);
  }
  /** What a renderer's invoke does: the handler runs with that page as the sender. */
  async invokeFrom(
    sender: FakeWebContents,
    frame: FakeFrame | null,
    channel: string,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ sender, senderFrame: frame }, ...args);
  }
  sendFrom(
    sender: FakeWebContents,
    frame: FakeFrame | null,
    channel: string,
    ...args: unknown[]
  ): void {
    for (const l of this.listeners.get(channel) ?? []) l({ sender, senderFrame: frame }, ...args);
  }
}

class FakeIpcRenderer {
  listeners = new Map<string, Set<Listener>>();
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    const page = fake.requirePage();
    return fake.ipcMain.invokeFrom(page, page.mainFrame, channel, ...args);
  }
  send(channel: string, ...args: unknown[]): void {
    const page = fake.requirePage();
    fake.ipcMain.sendFrom(page, page.mainFrame, channel, ...args);
  }
  on(channel: string, listener: Listener): this {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
    return this;
  }
  removeListener(channel: string, listener: Listener): this {
    this.listeners.get(channel)?.delete(listener);
    return this;
  }
  deliver(channel: string, payload: unknown): void {
    const ipcEvent = { sender: this, senderId: 0 };
    for (const l of this.listeners.get(channel) ?? [])
      (l as (e: unknown, p: unknown) => void)(ipcEvent, payload);
  }
}

class FakeSession {
  permissionRequestHandler: ((...args: unknown[]) => void) | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  headersHandler: ((details: unknown, cb: (r: unknown) => void) => void) | null = null;
  protocol = {
    handlers: new Map<string, (req: { url: string }) => Promise<Response>>(),
    handle(scheme: string, h: (req: { url: string }) => Promise<Response>) {
      this.handlers.set(scheme, h);
    },
  };
  webRequest = {
    onHeadersReceived: (h: (details: unknown, cb: (r: unknown) => void) => void) =>
      (this.headersHandler = h),
  };
  setPermissionRequestHandler(h: (...args: unknown[]) => void): void {
    this.permissionRequestHandler = h;
  }
  setPermissionCheckHandler(h: (...args: unknown[]) => boolean): void {
    this.permissionCheckHandler = h;
  }
}

export class FakeNotification extends EventEmitter {
  static shown: FakeNotification[] = [];
  static supported = true;
  options: { title: string; body: string; silent?: boolean };
  constructor(options: { title: string; body: string; silent?: boolean }) {
    super();
    this.options = options;
  }
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
}

export class FakeTray extends EventEmitter {
  static instances: FakeTray[] = [];
  tooltip = '';
  title = '';
  menu: Array<{ label?: string; enabled?: boolean }> = [];
  destroyed = false;
  image: unknown;
  constructor(image: unknown) {
    super();
    this.image = image;
    FakeTray.instances.push(this);
  }
  setToolTip(t: string): void {
    this.tooltip = t;
  }
  setTitle(t: string): void {
    this.title = t;
  }
  setContextMenu(menu: { template: Array<{ label?: string; enabled?: boolean }> }): void {
    this.menu = menu.template;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export const fake = {
  powerMonitor: new EventEmitter(),
  page: null as FakeWebContents | null,
  exposed: new Map<string, unknown>(),
  ipcMain: new FakeIpcMain(),
  ipcRenderer: new FakeIpcRenderer(),
  session: new FakeSession(),
  appMenu: null as unknown,
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
  opened: [] as string[],
  requirePage(): FakeWebContents {
    if (!fake.page) throw new Error('fake electron: no page set');
    return fake.page;
  },
  /** Clears every recorded thing in place (the mocked module keeps the same objects). */
  reset(): void {
    fake.page = null;
    fake.ipcMain.handlers.clear();
    fake.ipcMain.listeners.clear();
    fake.ipcRenderer.listeners.clear();
    fake.session.permissionRequestHandler = null;
    fake.session.permissionCheckHandler = null;
    fake.session.headersHandler = null;
    fake.session.protocol.handlers.clear();
    fake.appMenu = null;
    fake.opened = [];
    fake.powerMonitor.removeAllListeners();
    FakeBrowserWindow.instances = [];
    FakeNotification.shown = [];
    FakeNotification.supported = true;
    FakeTray.instances = [];
  },
};

/** The module object vi.mock('electron') returns. */
export const electronModule = {
  ipcMain: fake.ipcMain,
  powerMonitor: fake.powerMonitor,
  ipcRenderer: fake.ipcRenderer,
  contextBridge: {
    exposeInMainWorld(key: string, api: unknown): void {
      fake.exposed.set(key, api);
    },
  },
  session: { defaultSession: fake.session },
  BrowserWindow: FakeBrowserWindow,
  Notification: FakeNotification,
  Tray: FakeTray,
  Menu: {
    buildFromTemplate: (template: unknown[]) => ({ template }),
    setApplicationMenu: (menu: unknown) => (fake.appMenu = menu),
  },
  nativeImage: {
    createFromBitmap: (buffer: Buffer, size: { width: number; height: number }) => ({
      buffer,
      size,
    }),
  },
  screen: {
    getAllDisplays: () => fake.displays,
  },
  shell: {
    openExternal: async (url: string) => {
      fake.opened.push(url);
    },
  },
};
