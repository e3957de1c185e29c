import type { Command } from 'commander';
import type { ServerStatus } from '../../../shared/api';
import { serverEntry, type ServerConfig } from '../../../shared/config';
import { CodedError, ERROR_REASONS } from '../../../shared/errors';
import type { VaultHealth } from '../../../shared/vault';
import type { FlowEvent } from '../../auth';
import { signInOpener } from '../sign-in-opener';
import type { Output } from '../output';
import { printJson } from '../output';
import type { Run } from '../runner';
import { findLiveApp } from '../start-up';
import { stateLabel } from './status';

interface ConnectOptions {
  device?: boolean;
  printUrl?: boolean;
  openWith?: string;
  json?: boolean;
}

/** Servers whose connect may end in tokens to keep: HTTP ones and stdio ones with an OAuth "auth", not signing in with a key from the config. */
function mayKeepTokens(config: ServerConfig | undefined): boolean {
  if (config === undefined || config.auth?.type === 'api_key' || config.auth?.type === 'none') return false;
  return 'url' in config || config.auth !== undefined;
}


/**
 * A sign-in into a memory-only vault would say it worked and die with this process (like `secrets
 * set`, refused before anything starts). The running app, if any, is where a sign-in lasts.
 */
async function refuseLostSignIn(server: string, health: VaultHealth, dataDir: string): Promise<never> {
  const live = await findLiveApp(dataDir);
  const where = live
    ? `or connect it in the app running at ${live.origin} (its window; \`connected-services serve\` prints its address again)`
    : 'or start the app (`connected-services serve`) and connect it there';
  throw new CodedError('denied', `The sign-in of "${server}" would be lost when this command ends: ${health.message}`, {
    hint: `Set CONNECTED_SERVICES_PASSPHRASE, or unlock or install an OS keychain, so the vault keeps it; ${where}`,
    data: { reason: ERROR_REASONS.vaultMemoryOnly, server },
  });
}

function minutes(ms: number): string {
  const m = Math.max(0, Math.round(ms / 60_000));
  return m <= 1 ? 'a minute' : `${m} minutes`;
}

/** What a person at a terminal needs to follow a sign-in, on stderr (stdout stays for results). */
function progress(output: Output): (event: FlowEvent) => void {
  return (event) => {
    if (event.type === 'device_code') {
      output.err(`To sign in, open ${event.verificationUri} and enter the code:`);
      output.err(`    ${event.userCode}`);
      if (event.verificationUriComplete) output.err(`(or open ${event.verificationUriComplete})`);
      output.err(`The code expires in ${minutes(event.expiresAt - Date.now())}. Waiting for approval…`);
    } else if (event.type === 'device_poll' && event.state === 'slow_down') {
      output.err(`The server asked to poll more slowly (every ${Math.round(event.intervalMs / 1000)} s).`);
    } else if (event.type === 'browser') {
      output.err('Waiting for the sign-in to finish in the browser…');
    }
  };
}

export function registerConnect(program: Command, run: Run): void {
  program
    .command('connect <server>')
    .description('start a server now, signing in first when it needs it (browser, or --device for a code)')
    .option('--device', 'sign in with a device code (for machines without a browser)')
    .option('--print-url', 'print the sign-in address instead of opening a browser')
    .option('--open-with <command>', 'open the sign-in address with this program (it gets the address as its one argument)')
    .option('--json', 'print the resulting status as JSON')
    .action((server: string, options: ConnectOptions) =>
      run(async (ctx) => {
        // A running app signs in with its own opener; only without one does a display-less machine print the address here.
        const custom = signInOpener(options, process.env, process.platform, process.stderr, (await findLiveApp(ctx.dataDir)) === undefined);
        const core = await ctx.core(custom ? { opener: custom } : {});
        const app = ctx.runningApp();
        let status: ServerStatus;
        if (app) {
          // The running app signs in and keeps the tokens; its window (or `serve`'s address) shows a device code.
          ctx.output.err(`Connecting ${server} in the app running at ${app.origin}; follow the sign-in there if one is needed…`);
          status = await core.api.connect({ name: server, ...(options.device ? { flow: 'device' as const } : {}) });
        } else {
          const health = core.vault.health();
          if (!health.persistent && mayKeepTokens(serverEntry(core.registry.config(), server))) await refuseLostSignIn(server, health, ctx.dataDir);
          status = await core.signIns.connect(server, { ...(options.device ? { flow: 'device' as const } : {}), onEvent: progress(ctx.output) });
        }
        const [withAuth] = await core.api.status({}).then((s) => s.servers.filter((row) => row.name === status.name));
        const shown = withAuth ?? status;
        if (options.json) return printJson(ctx.output, shown);
        ctx.output.out(`${shown.name}: ${stateLabel(shown)}, ${shown.toolCount} tools.`);
        if (shown.auth?.refreshTokenShared) ctx.output.out('Its credential file holds the refresh token: it leaves the vault for that program, which renews its tokens by itself.');
        if (shown.auth?.expiresAt) ctx.output.out(`Signed in; the access token expires ${new Date(shown.auth.expiresAt).toISOString()} and is refreshed automatically.`);
      }),
    );

  program
    .command('disconnect <server>')
    .description('forget a server\'s tokens and stop it')
    .option('--revoke', 'also revoke the tokens at the authorization server')
    .option('--forget-issuer', 'also forget which authorization server its client secret belongs to (approve a move to another one)')
    .action((server: string, options: { revoke?: boolean; forgetIssuer?: boolean }) =>
      run(async (ctx) => {
        // Through the running app when one runs: forgetting the issuer pin is a widening the person confirms there.
        const core = await ctx.core();
        const result = await core.api.disconnect({ name: server, revoke: options.revoke ?? false, ...(options.forgetIssuer ? { forgetIssuer: true } : {}) });
        if (!options.revoke) ctx.output.out(`Disconnected ${server}.`);
        else if (result.revoked === true) ctx.output.out(`Disconnected ${server} and revoked its tokens.`);
        else if (result.revoked === false) ctx.output.out(`Disconnected ${server}: the tokens were deleted here but not revoked: ${result.revokeError ?? 'unknown reason'}.`);
        else ctx.output.out(`Disconnected ${server} (it holds no tokens to revoke).`);
        if (options.forgetIssuer) {
          const issuer = result.forgottenIssuer;
          ctx.output.out(
            issuer === undefined || issuer === null
              ? `No authorization server was pinned for ${server}.`
              : `Forgot that the client secret of ${server} belongs to ${issuer}; its next sign-in uses the authorization server its metadata names, and pins that one.`,
          );
        }
      }),
    );
}
