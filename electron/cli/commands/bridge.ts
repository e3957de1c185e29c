import type { Command } from 'commander';
import { DEFAULT_BRIDGE_PORT } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { readRuntimeFile } from '../../app';
import { runStdioShim, TOKEN_ENV } from '../../bridge';
import type { Run } from '../runner';

export function registerBridge(program: Command, run: Run): void {
  program
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
}
