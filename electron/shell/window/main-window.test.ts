import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageMessage } from '../ipc/ipc-protocol';
import { RENDERER_ENTRY } from '../app-identity';

// Electron's BrowserWindow, as far as the window reads it: one webContents whose top frame's URL a
// test sets, and whatever is sent on it kept in `posted`.
const contents = { id: 7, url: RENDERER_ENTRY, posted: [] as PageMessage[] };
vi.mock('electron', () => ({
  BrowserWindow: class {
    readonly webContents = {
      id: contents.id,
      get mainFrame() {
        return { url: contents.url };
      },
      isDestroyed: () => false,
      getURL: () => contents.url,
      send: (_channel: string, message: PageMessage) => contents.posted.push(message),
    };
    isDestroyed = (): boolean => false;
    loadURL = (): Promise<void> => Promise.resolve();
    once(): void {}
    on(): void {}
  },
}));
// What hardens and recovers the page needs a whole Electron; neither decides who may acknowledge.
vi.mock('./harden-contents', () => ({ hardenContents: () => undefined }));
vi.mock('./page-recovery', () => ({ recoverPage: () => undefined }));

const { MainWindow } = await import('./main-window');

/** A window whose page has been sent one event it has not read, and is now withheld more. */
function withheldWindow(): InstanceType<typeof MainWindow> {
  const window = new MainWindow({ preloadPath: '/preload.js', devTools: false, icon: {} as Electron.NativeImage, log: () => undefined });
  window.show();
  const big = 'x'.repeat(700 * 1024); // two fit in EVENT_BACKLOG_BYTES, three do not
  for (let i = 0; i < 3; i++) window.send({ event: 'serverLog', payload: big });
  expect(contents.posted.map((m) => m.seq)).toEqual([1, 2]);
  return window;
}

const reloads = (): PageMessage[] => contents.posted.filter((m) => 'reload' in m);

beforeEach(() => {
  contents.url = RENDERER_ENTRY;
  contents.posted = [];
});

describe('MainWindow.acknowledge', () => {
  it('takes "read up to" from the window top frame, and then tells the page to load its state again', () => {
    const window = withheldWindow();
    window.acknowledge({ frame: { url: RENDERER_ENTRY, isMainFrame: true }, contentsId: contents.id }, 2);
    expect(reloads()).toEqual([{ seq: 3, reload: true }]);
  });

  // Anything else could say the page read what it did not, and keep a hung page's backlog growing.
  it.each([
    ['a sub-frame of the window', { url: RENDERER_ENTRY, isMainFrame: false }, contents.id],
    ['a top frame on another origin', { url: 'https://example.test/', isMainFrame: true }, contents.id],
    ['a frame that is gone', { url: undefined, isMainFrame: true }, contents.id],
    ['another webContents', { url: RENDERER_ENTRY, isMainFrame: true }, contents.id + 1],
  ])('ignores %s', (_what, frame, contentsId) => {
    const window = withheldWindow();
    window.acknowledge({ frame, contentsId }, 2);
    expect(reloads()).toEqual([]);
    window.send({ event: 'serverLog', payload: 'more' });
    expect(contents.posted).toHaveLength(2);
  });
});
