// The preload (sandboxed, bundled as CommonJS): binds window.merchant to ipcRenderer.
import { contextBridge, ipcRenderer } from 'electron';
import { buildMerchantApi, type IpcPort } from './merchant-api.ts';

const port: IpcPort = {
  invoke: (name, input) => ipcRenderer.invoke(name, input),
  subscribe(name, listener) {
    const strip = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(name, strip);
    return () => {
      ipcRenderer.removeListener(name, strip);
    };
  },
  send: (name) => ipcRenderer.send(name),
};

contextBridge.exposeInMainWorld('merchant', buildMerchantApi(port));
