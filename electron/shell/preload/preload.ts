import { contextBridge, ipcRenderer } from 'electron';
import { buildPreloadApi, PRELOAD_GLOBAL } from './preload-api';

// The page gets the contract's functions only; ipcRenderer and its event objects stay in this world.
contextBridge.exposeInMainWorld(
  PRELOAD_GLOBAL,
  buildPreloadApi({
    invoke: (channel, request) => ipcRenderer.invoke(channel, request),
    subscribe: (channel, handler) => {
      ipcRenderer.on(channel, (_event, message: unknown) => handler(message));
    },
    send: (channel, seq) => ipcRenderer.send(channel, seq),
    later: (task) => void setTimeout(task, 0),
  }),
);
