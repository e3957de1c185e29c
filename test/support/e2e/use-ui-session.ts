import { afterAll, beforeAll } from 'vitest';
import { startUiSession, type UiSession, type UiSessionOptions } from './ui-session';

/** What a file starts its session with, or the work that makes it first (a home, a stack). */
export type UiSessionSetup = UiSessionOptions | (() => UiSessionOptions | Promise<UiSessionOptions>);

/**
 * The UI session of a file (or of the describe block it is called in), started in a beforeAll and
 * closed in an afterAll registered here: `const ui = useUiSession();`, then `ui.page` in tests and
 * later hooks. `setup` as a function runs in that beforeAll first. Hooks registered after this call
 * see the session up (a beforeAll that arranges state with `ui.api`) and still open (an afterAll
 * closing an agent); an afterAll registered before it runs once the session is closed.
 */
export function useUiSession(setup: UiSessionSetup = {}, timeoutMs = 45_000): UiSession {
  let session: UiSession | undefined;
  beforeAll(async () => {
    session = await startUiSession(typeof setup === 'function' ? await setup() : setup);
  }, timeoutMs);
  afterAll(async () => {
    await session?.close();
  });
  const current = (): UiSession => {
    if (session === undefined) throw new Error('the UI session starts in beforeAll: use it in tests and hooks, not while the file loads');
    return session;
  };
  return {
    get page() {
      return current().page;
    },
    get browser() {
      return current().browser;
    },
    get served() {
      return current().served;
    },
    get home() {
      return current().home;
    },
    get problems() {
      return current().problems;
    },
    log: () => current().log(),
    waitForLog: (pattern, timeoutMs) => current().waitForLog(pattern, timeoutMs),
    idle: (timeoutMs) => current().idle(timeoutMs),
    open: (hash) => current().open(hash),
    reload: (options) => current().reload(options),
    screenshot: (name) => current().screenshot(name),
    api: <T>(method: string, input?: unknown) => current().api<T>(method, input),
    close: () => current().close(),
  };
}
