import type { Command } from 'commander';
import type { BridgeInfo } from '../../../shared/api';
import { DEFAULT_BRIDGE_PORT } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { readRuntimeFile } from '../../app';
import { runStdioShim, TOKEN_ENV } from '../../bridge';
import { printJson } from '../output';
import type { Run } from '../runner';
import { connectRunningApp } from '../running-app';

function describe(info: BridgeInfo): string {
  if (!info.running) return `The bridge is not running${info.error !== undefined ? `: ${info.error}` : ''}.`;
  return info.paused ? `The bridge at ${info.url ?? '?'} is paused: every agent call is refused.` : `The bridge at ${info.url ?? '?'} is open to agents.`;
}

export function registerBridge(program: Command, run: Run): void {
  const bridge = program
    .command('bridge')
    .description(`serve the running bridge over stdio, for clients that only speak stdio (token from ${TOKEN_ENV})`)
    .option('--stdio', 'speak MCP on standard input and output')
    .option('--url <url>', 'the bridge endpoint (default: the running app\'s, else the default port)')
    .action((options: { stdio?: boolean; url?: string }) =>
      run(async (ctx) => {
        if (!options.stdio) throw new CodedError('invalid_input', 'Only `bridge --stdio` exists; agents that speak HTTP connect to the bridge directly');
        const running = await readRuntimeFile(ctx.dataDir);
        const bridgeUrl = options.url ?? running?.bridge ?? `http://127.0.0.1:${DEFAULT_BRIDGE_PORT}/mcp`;
        // Standard output carries the protocol only; notices go to stderr.
        await runStdioShim({ bridgeUrl, token: ctx.env[TOKEN_ENV] });
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
