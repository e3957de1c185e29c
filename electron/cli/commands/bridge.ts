import type { Command } from 'commander';
import { nonEmpty } from '../empty-values';
import type { BridgeInfo } from '../../../shared/api';
import { DEFAULT_BRIDGE_PORT } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { readHelperToken, readWrittenRuntimeFile, refuseUnreachableApp, runtimeProcessRuns, shownRuntime } from '../../app';
import { isLocalhostName } from '../../net';
import { AgentStore, runStdioShim, TOKEN_ENV } from '../../bridge';
import type { CliContext } from '../context';
import { printJson } from '../output';
import type { Run } from '../runner';
import { connectRunningApp } from '../running-app';
import { vaultProviderFromEnv } from '../vault-provider-env';

/** Claude Code names the server a `headersHelper` is asked for in this variable. */
const HELPER_URL_ENV = 'CLAUDE_CODE_MCP_SERVER_URL';

/**
 * The helpers hand a token only to the bridge's address, 127.0.0.1: a URL edited to point elsewhere
 * gets nothing, nor one naming `localhost` or `[::1]` (the bridge is not there: a client may reach
 * whatever program holds [::1]:PORT by those names).
 */
function loopbackOnly(url: string, what: string): void {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new CodedError('invalid_input', `${what} is not a URL`, { hint: 'Use http://127.0.0.1:<bridge port>/mcp' });
  }
  if (host === '127.0.0.1') return;
  const loopback = otherLoopbackName(host);
  const why = loopback ? `is not the bridge's address (${host}): another program may hold it on [::1]` : `is not on this machine (${host})`;
  throw new CodedError('denied', `${what} ${why}: the agent's token goes only to the bridge at 127.0.0.1`, { hint: loopback ? `Use ${atLoopback(url)}` : 'Use http://127.0.0.1:<bridge port>/mcp' });
}

/** The same address on 127.0.0.1: its port and path are known, so the fix names them. */
function atLoopback(url: string): string {
  const fixed = new URL(url);
  fixed.hostname = '127.0.0.1';
  return `${fixed.origin}${fixed.pathname}`;
}

/** Refuses a `--url` that is no http(s) address, as a mistyped option (exit 2), before anything is tried there. */
function bridgeAddress(url: string): void {
  const protocol = URL.parse(url)?.protocol;
  if (protocol === 'http:' || protocol === 'https:') return;
  throw new CodedError('invalid_input', `--url takes the bridge's http address, not "${url.slice(0, 200)}"`, {
    hint: "For example: --url http://127.0.0.1:<bridge port>/mcp (`connected-services bridge status` says where)",
  });
}

/** Refuses an address that is not `bridge`, the running app's bridge (its port and path). */
function theRunningBridge(asked: string, bridge: string, agent: string): void {
  const url = new URL(asked);
  const ours = new URL(bridge);
  if (url.origin === ours.origin && url.pathname === ours.pathname) return;
  throw new CodedError('denied', `${HELPER_URL_ENV} (${url.origin}${url.pathname}) is not the running app's bridge (${bridge}): the agent's token is not sent there`, {
    hint: `Connect the client again so its entry names the bridge: connected-services agents connect ${JSON.stringify(agent)} --client claude-code`,
  });
}

/** This computer under a name the bridge does not listen on. */
function otherLoopbackName(host: string): boolean {
  return isLocalhostName(host) || host === '[::1]';
}

/** The agent's token from the vault, as a helper the client starts reads it (never a prompt: standard input is the client's). */
function helperToken(ctx: CliContext, agent: string): Promise<string> {
  const provider = vaultProviderFromEnv(ctx.env);
  return readHelperToken(agent, { dataDir: ctx.dataDir, env: ctx.env, agents: AgentStore.open({ dataDir: ctx.dataDir, env: ctx.env }), ...(provider ? { provider } : {}) });
}

/**
 * The running app's bridge from runtime.json, which any program of the person's may have written: the
 * token goes there only when it is http://127.0.0.1:PORT as the app writes it, and only while the
 * process that wrote it runs. Not proof that the address is the app's: a program of the person's that
 * forges the file can as well run `bridge headers` (SECURITY.md). Without the file there is no address
 * to follow: the default port is anyone's to hold (another account's too), so nothing is sent.
 */
async function runningBridge(dataDir: string, urlOption = true): Promise<string> {
  // `bridge --stdio` can be given the address instead; `bridge headers` cannot.
  const orUrl = (text: string): string => (urlOption ? text : '');
  const running = await readWrittenRuntimeFile(dataDir);
  if (running === undefined) {
    // An app holding the folder whose runtime.json was deleted is named, as for every other command.
    await refuseUnreachableApp(dataDir, process.platform);
    throw new CodedError('server_unavailable', `Connected Services is not running for ${dataDir} (no runtime.json): the agent's token is not sent anywhere`, {
      hint: `Start the app (\`connected-services serve\` or the desktop app), whose bridge this forwards to${orUrl("; or pass the bridge's address: --url http://127.0.0.1:<bridge port>/mcp")}`,
    });
  }
  if (!(await runtimeProcessRuns(running))) {
    throw new CodedError('server_unavailable', `runtime.json names an app (pid ${running.pid}) that is no longer running: the agent's token is not sent to the bridge address it names`, {
      hint: 'Start the app (`connected-services serve` or the desktop app), which writes runtime.json anew; if none should run, remove runtime.json from the data folder',
    });
  }
  if (running.bridge === null) {
    throw new CodedError('server_unavailable', `The app running for ${dataDir} (pid ${running.pid}) has no bridge: the agent's token is not sent anywhere`, {
      hint: '`connected-services bridge status` says why; restart the app with a free bridge port (`serve --bridge-port`, or settings.bridgePort)',
    });
  }
  const bridge = shownRuntime(running).bridge;
  if (typeof bridge === 'string') return bridge;
  throw new CodedError('denied', "runtime.json names a bridge address that is not the app's (http://127.0.0.1:PORT): the agent's token is not sent there", {
    hint: urlOption ? "Pass the bridge's address: --url http://127.0.0.1:<bridge port>/mcp (`connected-services bridge status` says where)" : 'Restart the app, which writes runtime.json anew (`connected-services bridge status` says where its bridge is)',
  });
}

function describe(info: BridgeInfo): string {
  if (!info.running) return `The bridge is not running${info.error !== undefined ? `: ${info.error}` : ''}.`;
  return info.paused ? `The bridge at ${info.url ?? '?'} is paused: every agent call is refused.` : `The bridge at ${info.url ?? '?'} is open to agents.`;
}

export function registerBridge(program: Command, run: Run): void {
  const bridge = program
    .command('bridge')
    .description(`serve the running bridge over stdio, for clients that only speak stdio (token from ${TOKEN_ENV}); headers, status, pause, resume`)
    .option('--stdio', 'speak MCP on standard input and output')
    .option('--url <url>', 'the bridge endpoint (default: the running app\'s, from runtime.json)', nonEmpty('--url', `--url http://127.0.0.1:${DEFAULT_BRIDGE_PORT}/mcp`))
    .option('--agent <name>', `read this agent's token from the vault (kept there by \`agents connect\`) instead of ${TOKEN_ENV}`, nonEmpty('--agent', '--agent claude-code'))
    .action((options: { stdio?: boolean; url?: string; agent?: string }) =>
      run(async (ctx) => {
        if (!options.stdio) {
          throw new CodedError('invalid_input', '`bridge` needs --stdio, or one of its commands: headers, status, pause, resume', {
            hint: `A client's config runs \`connected-services bridge --stdio\` (the agent's token in ${TOKEN_ENV}, or --agent NAME); the HTTP bridge runs while the app or \`connected-services serve\` runs: \`connected-services bridge status\` says where`,
          });
        }
        if (options.url !== undefined) bridgeAddress(options.url);
        const bridgeUrl = options.url ?? (await runningBridge(ctx.dataDir));
        // A token from the environment may go to a bridge elsewhere (a tunnel), never to localhost's [::1].
        if (options.agent !== undefined || otherLoopbackName(URL.parse(bridgeUrl)?.hostname ?? '')) loopbackOnly(bridgeUrl, '--url');
        const token = options.agent !== undefined ? await helperToken(ctx, options.agent) : ctx.env[TOKEN_ENV];
        // Standard output carries the protocol only; notices go to stderr.
        await runStdioShim({ bridgeUrl, token });
      }),
    );

  bridge
    .command('headers')
    .description(`print {"Authorization":"Bearer …"} with the agent's token from the vault (Claude Code's headersHelper runs this)`)
    .option('--agent <name>', 'the agent whose token `agents connect` kept in the vault', nonEmpty('--agent', '--agent claude-code'))
    .action((options: { agent?: string }) =>
      run(async (ctx) => {
        // `bridge` has an --agent of its own (for --stdio), which commander may give the parent.
        const agent = options.agent ?? bridge.opts<{ agent?: string }>().agent;
        if (agent === undefined) throw new CodedError('invalid_input', 'bridge headers needs --agent NAME', { hint: 'For example: connected-services bridge headers --agent NAME' });
        const asked = ctx.env[HELPER_URL_ENV];
        if (asked !== undefined && asked !== '') {
          loopbackOnly(asked, HELPER_URL_ENV);
          // The client sends what this prints to the address it names: only the running app's bridge,
          // not a port another program (another account's, or another data folder's app) holds.
          theRunningBridge(asked, await runningBridge(ctx.dataDir, false), agent);
        }
        const token = await helperToken(ctx, agent);
        // The whole of standard output is the headers object the client reads.
        process.stdout.write(`${JSON.stringify({ Authorization: `Bearer ${token}` })}\n`);
      }),
    );

  bridge
    .command('status')
    .description("whether the running app's bridge is open or paused")
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const info = await (await connectRunningApp(ctx.dataDir)).call('bridgeInfo', {});
        if (options.json) return printJson(ctx.output, info);
        ctx.output.out(describe(info));
      }),
    );

  for (const [name, paused] of [['pause', true], ['resume', false]] as const) {
    bridge
      .command(name)
      .description(paused ? 'refuse every agent call in the running app until `bridge resume` (listings still answer)' : 'let agent calls through again')
      .action(() =>
        run(async (ctx) => {
          ctx.output.out(describe(await (await connectRunningApp(ctx.dataDir)).call('setBridgePaused', { paused })));
        }),
      );
  }
}
