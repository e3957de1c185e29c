import type { Command } from 'commander';
import { revokeOutcome } from '../../../shared/api';
import { explainServerError } from '../config-errors';
import { printJson } from '../output';
import { OPEN_WITH } from '../sign-in-opener';
import type { Run } from '../runner';
import { connectServer, signInCore } from './connect-server';
import { stateLabel } from './status';

interface ConnectOptions {
  device?: boolean;
  printUrl?: boolean;
  openWith?: string;
  json?: boolean;
}

export function registerConnect(program: Command, run: Run): void {
  program
    .command('connect <server>')
    .description('start a server now, signing in first when it needs it (browser, or --device for a code)')
    .option('--device', 'sign in with a device code (for machines without a browser)')
    .option('--print-url', 'print the sign-in address instead of opening a browser')
    .option('--open-with <command>', 'open the sign-in address with this program (it gets the address as its one argument)', OPEN_WITH)
    .option('--json', 'print the resulting status as JSON')
    .action((server: string, options: ConnectOptions) =>
      run(async (ctx) => {
        const core = await signInCore(ctx, options);
        // A mistyped name is answered with the server it most likely meant, as `tools` and `call` do.
        const status = await connectServer(ctx, core, server, options).catch((error: unknown) => explainServerError(core.api, server, error));
        const [withAuth] = await core.api.status({}).then((s) => s.servers.filter((row) => row.name === status.name));
        const shown = withAuth ?? status;
        if (options.json) return printJson(ctx.output, shown);
        ctx.output.out(`${shown.name}: ${stateLabel(shown)}, ${shown.toolCount} tools.`);
        if (shown.auth?.refreshTokenShared) ctx.output.out('Its credential file holds the refresh token: it leaves the vault for that program, which renews its tokens by itself.');
        // Whose account this is: the one check against a sign-in completed with someone else's code (SECURITY.md).
        const as = shown.auth?.account !== undefined ? ` as ${shown.auth.account}` : '';
        const expiresAt = shown.auth?.expiresAt;
        if (expiresAt !== undefined && expiresAt <= Date.now()) {
          // RFC 6749 §5.1 expires_in 0: the token came already expired.
          ctx.output.out(`Signed in${as}; the authorization server gave the access token no lifetime (expires_in 0), so it counts as expired: it served this start, and the next use renews it.`);
        } else if (expiresAt !== undefined) {
          ctx.output.out(`Signed in${as}; the access token expires ${new Date(expiresAt).toISOString()} and is refreshed automatically.`);
        } else if (as !== '') {
          ctx.output.out(`Signed in${as}.`);
        }
      }),
    );

  program
    .command('disconnect <server>')
    .description('forget a server\'s tokens and stop it')
    .option('--revoke', 'also revoke the tokens at the authorization server (an API key kept for it alone is deleted)')
    .option('--forget-issuer', 'also forget which authorization server its client secret belongs to (approve a move to another one)')
    .action((server: string, options: { revoke?: boolean; forgetIssuer?: boolean }) =>
      run(async (ctx) => {
        // Through the running app when one runs: forgetting the issuer pin is a widening the person confirms there.
        const core = await ctx.core();
        const result = await core.api
          .disconnect({ name: server, revoke: options.revoke ?? false, ...(options.forgetIssuer ? { forgetIssuer: true } : {}) })
          .catch((error: unknown) => explainServerError(core.api, server, error));
        ctx.output.out(options.revoke ? revokeOutcome(server, result) : `Disconnected ${server}.`);
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
