import type { Command } from 'commander';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_BRIDGE_PORT, holdsSeparator } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { terminalSafe } from '../../../shared/text';
import { busyAppError, findLiveAppPatiently, isPortFree, onSecondSignal, packageRoot, programNote, QuietCompaction, runningPrograms, startOnce, writeRuntimeFile } from '../../app';
import { OPEN_WITH, signInOpener } from '../sign-in-opener';
import { startWebServer, TEST_CLOCK_ENV, testClock, uiSessionIdleSetting } from '../../web';

import type { CliContext } from '../context';
import type { Action, Run } from '../runner';
import { chooseUiPort } from '../start-up';
import { askForUiLink } from '../ui-link';
import { wholeNumber } from '../whole-number';
import { runningText } from './serve-running';

/** A folder made with plain `mkdir` is 0755 and the vault refuses it (docs/vault.md): say so at start, not when a screen fails. */
async function warnIfOthersRead(dir: string, err: (line: string) => void): Promise<boolean> {
  if (process.platform === 'win32') return false;
  const mode = await stat(dir).then((info) => info.mode & 0o777, () => null);
  if (mode === null || (mode & 0o077) === 0) return false;
  err(`warning: the data folder ${dir} can be read by other users (mode ${mode.toString(8)}), so the vault will not open there. Run: chmod 700 "${dir}"`);
  return true;
}

/** `--port` or `--bridge-port`, refused in that option's words. */
export function port(value: string, option: '--port' | '--bridge-port'): number {
  // At most five digits and no spaces around them: a port is copied, not typed as a count is.
  const n = value.length <= 5 && value === value.trim() ? wholeNumber(value) : undefined;
  if (n === undefined || n > 65_535) {
    throw new CodedError('invalid_input', `A port is a whole number from 0 to 65535, not "${value}"`, { hint: `For example: ${option} 8080, or ${option} 0 for a free one` });
  }
  return n;
}

export interface ServeOptions {
  port?: number;
  bridgePort?: number;
  json?: boolean;
  printUrl?: boolean;
  openWith?: string;
  confirmAtTerminal?: boolean;
  uiLink?: boolean;
}

/**
 * A new sign-in address from the running serve, printed as the first one was (a JSON line with --json).
 * Who asked is said: a request nobody here made stands out.
 */
function showLink(json: boolean): (url: string, askedBy: string) => void {
  return (url, askedBy) =>
    process.stdout.write(json ? `${JSON.stringify({ ui: url })}\n` : `A new sign-in address, asked for on the ${askedBy} (it works once, within 10 minutes):\n  Open:   ${url}\n`);
}

export function registerServe(program: Command, run: Run): void {
  program
    .command('serve')
    .description('run the core and the web UI on 127.0.0.1 until stopped (Ctrl-C)')
    .option('--port <n>', 'a fixed UI port (default: a free one, new at each start)', (v) => port(v, '--port'))
    .option('--bridge-port <n>', `agent bridge port (default ${DEFAULT_BRIDGE_PORT}, or settings.bridgePort; 0 picks a free one)`, (v) => port(v, '--bridge-port'))
    .option('--json', 'print one JSON line when ready: {"ui", "bridge", "pid"}')
    .option('--print-url', 'print sign-in addresses instead of opening a browser')
    .option('--open-with <command>', 'open sign-in addresses with this program (the address is its one argument)', OPEN_WITH)
    .option('--confirm-at-terminal', 'ask at this terminal to confirm what the command line asks that widens access (machines without a display)')
    .option('--ui-link', 'have the serve already running for this data directory print a new sign-in address for the web UI where it runs (starts none)')
    .action((options: ServeOptions) => run(serveAction(options)));
}

type Started = { core: Awaited<ReturnType<CliContext['core']>>; web: Awaited<ReturnType<typeof startWebServer>>; bridge: string | null; compaction: QuietCompaction; removeRuntime: () => Promise<void> };

/** Start-up under the start lock (no app running): this one started and named in runtime.json. */
async function startServe(ctx: CliContext, options: ServeOptions, opener: ReturnType<typeof signInOpener>): Promise<Started> {
  // Before the core: a port that cannot be had stops start-up before any server spawns.
  const uiPort = await chooseUiPort(options.port, { portFree: isPortFree });
  // What agents' traffic grew is given back when they go quiet (docs/how-it-is-built.md).
  const compaction = new QuietCompaction();
  const core = await ctx.core({
    onPool: (pool) => compaction.watchPool(pool),
    ...(opener ? { opener } : {}),
    watch: true,
    warmUp: true,
    // A long-running process reports what happens in the background (a sign-in address, a failed restart).
    log: (line) => ctx.output.err(line),
    bridge: { required: true, ...(options.bridgePort !== undefined ? { port: options.bridgePort } : {}) },
  });
  const clock = testClock(process.env);
  if (clock) ctx.output.err(`${TEST_CLOCK_ENV} is set: the web UI's clock runs ahead as that file says (a hook for tests)`);
  const web = await startWebServer({
    api: core.api,
    door: core.door,
    port: uiPort,
    staticDir: join(packageRoot(), 'dist', 'renderer'),
    log: (line) => ctx.output.err(line),
    apps: core.apps,
    // Asked at each idle check: a changed setting applies to the tabs already open.
    sessionIdleMs: uiSessionIdleSetting(() => core.registry.config()),
    ...(clock ? { now: clock } : {}),
    showLink: showLink(options.json === true),
    onSignedIn: () => ctx.output.err(`A browser tab signed in with the printed address, which now works no more; for another tab: the button of a signed-out tab, or connected-services serve --ui-link`),
  });
  const bridge = core.bridge?.url ?? null;
  const removeRuntime = await writeRuntimeFile(ctx.dataDir, {
    pid: process.pid,
    origin: web.origin,
    // The command line's credential: the UI's secret is in the printed address only.
    secret: web.cliSecret,
    bridge,
    startedAt: Date.now(),
  });
  return { core, web, bridge, compaction, removeRuntime };
}

/**
 * Listening from the moment the start lock is ours: without a listener Node dies of the signal at
 * once, so a stop asked for during start-up (or just after the ready line) would skip the clean-up
 * and leave the servers it spawned running. Asked for early, it is honoured once start-up is done.
 * Not before: Ctrl-C while waiting for another start's lock ends this one at once.
 */
function stopAsked(): Promise<void> {
  return new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
  });
}

/**
 * `serve --ui-link` asks the running serve, and only that: a person who wants a new address for the
 * app they have open expects no second start, least of all on a default folder they did not mean
 * (no start lock, no data folder made, no vault opened).
 */
async function askRunningServe(ctx: CliContext, json: boolean): Promise<number> {
  const live = await findLiveAppPatiently(ctx.dataDir, {}, undefined, (silent, waitedMs) => busyAppError(silent, waitedMs, process.platform, 'run serve --ui-link again'));
  if (!live) {
    throw new CodedError('server_unavailable', `Connected Services is not running for ${ctx.dataDir}, so no serve is there to print a new sign-in address`, {
      hint: 'Start it with `connected-services serve` for this data folder (the same --home or CONNECTED_SERVICES_HOME): it prints a sign-in address when ready. If one is starting, run this again once it has',
    });
  }
  await askForUiLink(live);
  process.stdout.write(runningText(live, ctx.dataDir, json, true));
  return 0;
}

/** `serve` itself: run by commander's `serve` command and by main's own parse of a plain `serve` (serve-args.ts). */
export function serveAction(options: ServeOptions): Action {
  return async (ctx) => {
    if (options.uiLink) return askRunningServe(ctx, options.json === true);
    const opener = signInOpener(options);
    // Only a person at a terminal can answer; a flag, so neither the App API nor mcp.json can turn it on.
    if (options.confirmAtTerminal && !(process.stdin.isTTY && process.stderr.isTTY)) {
      throw new CodedError('invalid_input', '--confirm-at-terminal needs a terminal to ask at', {
        hint: 'Run serve in a terminal, or confirm in the web UI at the address serve prints',
      });
    }
    // Loaded only with the flag: its readline stays out of every other start (docs/how-it-is-built.md).
    const terminalSession = options.confirmAtTerminal ? import('../terminal-session') : undefined;
    // One start at a time per data folder, the desktop app's included (electron/app/lifecycle/start-lock.ts).
    let stopped: Promise<void> | undefined;
    // A program that opened the core in its own process before this app goes on beside it: looked for
    // before runtime.json names this app, which such a program may watch for to close.
    const programs = await runningPrograms(ctx.dataDir).catch(() => []);
    const once = await startOnce(ctx.dataDir, () => startServe(ctx, options, opener), {
      locked: () => {
        stopped = stopAsked();
      },
      lost: (error) => ctx.output.err(`${error.message} ${error.hint ?? ''}`.trim()),
    });
    if ('live' in once) {
      process.stdout.write(runningText(once.live, ctx.dataDir, options.json === true, false));
      return 0;
    }
    const { core, web, bridge, compaction, removeRuntime } = once.started;
    const { unlock } = once;
    if (options.json) {
      // Written raw: the UI address carries the one-time sign-in secret the caller needs.
      process.stdout.write(`${JSON.stringify({ ui: web.url, bridge, pid: process.pid })}\n`);
    } else {
      process.stdout.write(
        `Connected Services is running.\n  Open:   ${web.url}\n          (works once, within 10 minutes; for a new one: the button of a signed-out tab, or connected-services serve --ui-link)\n  Bridge: ${bridge ?? 'not running'}\n  Data:   ${ctx.dataDir}\nPress Ctrl-C to stop.\n`,
      );
    }
    if (core.bridge) compaction.watchBridge(core.bridge);
    const offline = await core.api.listOfflineChanges({});
    if (offline.length > 0) {
      ctx.output.err(`${offline.length} change(s) were made from the command line or a program while the app was closed: review them in Activity → Changes.`);
    }
    const othersRead = await warnIfOthersRead(ctx.dataDir, (line) => ctx.output.err(line));
    // Said where serve runs: a locked or forgetful vault otherwise shows only as services failing later.
    const vault = core.vault.health();
    if (!othersRead && (vault.state !== 'ready' || !vault.persistent)) ctx.output.err(terminalSafe(`warning: ${vault.message}`));
    for (const program of programs) ctx.output.err(terminalSafe(programNote(program)));
    // From the config, not a status: a status asks about sign-ins, which would load the sign-in code at start.
    for (const name of Object.keys(core.registry.config().mcpServers).filter(holdsSeparator)) {
      ctx.output.err(terminalSafe(`warning: server "${name}"'s name holds "__" or ends in "_", so its bridge names can read as another server's; connected-services doctor says how to rename it`));
    }
    // The requests of a call confirmed at this terminal are asked here too; every other stays in the app's dialog.
    const terminal = await terminalSession;
    const terminalCalls = new Set<string>();
    const stopCallAsks =
      terminal && core.asks
        ? terminal.answerAsksAtTerminal(core.asks, (ask) => ask.callId !== undefined && terminalCalls.has(ask.callId), ctx.output, {
            interactive: true,
            terminal: terminal.questionAtATime(ctx.output),
          })
        : undefined;
    const stopConfirming = terminal
      ? terminal.confirmAtTerminal({
          on: (event, listener) => core.api.on(event, listener),
          decide: (id, decision) => core.door.call({ caller: 'terminal' }, 'decideConfirmation', { id, decision }),
          ask: terminal.confirm,
          write: (line) => ctx.output.err(line),
          callConfirmed: (callId) => {
            terminalCalls.add(callId);
            return () => terminalCalls.delete(callId);
          },
        })
      : undefined;
    // Named in the hint a command line waits with, so its person knows to look here too.
    const offTerminalHint = terminal ? core.door.confirmAlsoAt(`at the terminal where connected-services serve runs (pid ${process.pid})`) : undefined;
    await stopped;
    // Stopping waits for the servers to end; a second signal cuts it short, the audit's counts written first.
    const offSecond = onSecondSignal(() => core.bridge?.audit.endWindows());
    ctx.output.err('Stopping Connected Services…');
    compaction.stop();
    offTerminalHint?.();
    stopConfirming?.();
    stopCallAsks?.();
    await removeRuntime();
    await web.close();
    await ctx.close();
    // Last: until the servers have stopped, a new start on this folder would run beside them.
    await unlock();
    offSecond();
    ctx.output.err('Stopped.');
    return 0;
  };
}
