// A stand-in for the `electron` module, for shell-main.test.ts: enough of Electron's main-process
// API for the bundled shell to start, recording what the shell asks of it. Nothing is rendered.
import { EventEmitter } from 'node:events';

const state = { calls: [], handlers: {}, windows: [], trays: [], exitCode: undefined };
globalThis.__electronStub = state;
const record = (name) => (...args) => void state.calls.push([name, ...args.filter((a) => typeof a !== 'function')]);

class App extends EventEmitter {
  isPackaged = false;
  getAppPath = () => process.env.STUB_APP_PATH;
  setPath = record('app.setPath');
  enableSandbox = record('app.enableSandbox');
  setAppUserModelId = record('app.setAppUserModelId');
  requestSingleInstanceLock = () => true;
  whenReady = () => new Promise((resolve) => setTimeout(resolve, 10));
  isDefaultProtocolClient = () => false;
  setAsDefaultProtocolClient = record('app.setAsDefaultProtocolClient');
  setLoginItemSettings = record('app.setLoginItemSettings');
  // The main process alone: no app frame runs in a process of its own here.
  getAppMetrics = () => [{ pid: process.pid, type: 'Browser', memory: { workingSetSize: 50_000 } }];
  quit() {
    state.calls.push(['app.quit']);
    this.emit('before-quit', { preventDefault: record('before-quit.preventDefault') });
  }
  exit(code) {
    state.exitCode = code;
    state.calls.push(['app.exit', code]);
  }
}
export const app = new App();
state.app = app;

export const dialog = { showErrorBox: record('dialog.showErrorBox') };
export const protocol = { registerSchemesAsPrivileged: record('protocol.registerSchemesAsPrivileged') };

class Session extends EventEmitter {
  setPermissionRequestHandler = (handler) => void (state.handlers.permissionRequest = handler);
  setPermissionCheckHandler = (handler) => void (state.handlers.permissionCheck = handler);
  setDevicePermissionHandler = (handler) => void (state.handlers.devicePermission = handler);
  setDisplayMediaRequestHandler = record('session.setDisplayMediaRequestHandler');
  webRequest = { onBeforeRequest: (handler) => void (state.handlers.beforeRequest = handler) };
  protocol = {
    handle: (scheme, handler) => void (state.handlers[`protocol:${scheme}`] = handler),
    unhandle: record('protocol.unhandle'),
  };
}
export const session = { defaultSession: new Session() };
export const Menu = { buildFromTemplate: (template) => ({ template }), setApplicationMenu: record('Menu.setApplicationMenu') };

let nextId = 100;
class WebContents extends EventEmitter {
  id = nextId++;
  sent = [];
  webrtcPolicies = [];
  setWebRTCIPHandlingPolicy(policy) {
    this.webrtcPolicies.push(policy);
  }
  setWindowOpenHandler(handler) {
    this.openHandler = handler;
  }
  send(channel, message) {
    this.sent.push([channel, message]);
  }
  isDestroyed = () => false;
  getOSProcessId = () => process.pid;
  get mainFrame() {
    return { framesInSubtree: [], url: this.getURL() };
  }
  getURL = () => this.window?.urls.at(-1) ?? '';
  reload() {
    state.calls.push(['webContents.reload']);
  }
}
export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    this.webContents.window = this;
    this.urls = [];
    state.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url) {
    this.urls.push(url);
    setTimeout(() => this.emit('ready-to-show'), 1);
    return Promise.resolve();
  }
  show() {
    this.shown = true;
  }
  focus() {}
  isMinimized = () => false;
  restore() {}
  isFocused = () => false;
  isDestroyed = () => this.destroyed === true;
  destroy() {
    this.destroyed = true;
    this.emit('closed');
  }
}
export const ipcMain = {
  handle: (channel, handler) => void (state.handlers[`ipc:${channel}`] = handler),
  removeHandler: (channel) => {
    delete state.handlers[`ipc:${channel}`];
    state.calls.push(['ipcMain.removeHandler', channel]);
  },
  on: (channel, listener) => void (state.handlers[`ipc-on:${channel}`] = listener),
  removeListener: (channel) => {
    delete state.handlers[`ipc-on:${channel}`];
    state.calls.push(['ipcMain.removeListener', channel]);
  },
};
export class Tray extends EventEmitter {
  constructor() {
    super();
    state.trays.push(this);
  }
  setImage(image) {
    this.image = image;
  }
  setToolTip(text) {
    this.tooltip = text;
  }
  setContextMenu(menu) {
    this.menu = menu;
  }
  destroy() {
    this.destroyed = true;
  }
}
export const nativeImage = {
  createEmpty: () => ({ representations: [], addRepresentation(r) { this.representations.push(r); } }),
};
export class Notification extends EventEmitter {
  static isSupported = () => false;
}
export const clipboard = { writeText: record('clipboard.writeText') };
export const shell = { openExternal: (url) => (state.calls.push(['shell.openExternal', url]), Promise.resolve()) };
export const utilityProcess = { fork: record('utilityProcess.fork') };
export default { app, dialog, protocol, session, Menu, BrowserWindow, ipcMain, Tray, nativeImage, Notification, clipboard, shell, utilityProcess };
