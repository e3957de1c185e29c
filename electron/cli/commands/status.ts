import type { Command } from 'commander';
import { currentError, moreAccessNeeded, PIN_KINDS, type AgentListingBound, type ServerStatus } from '../../../shared/api';
import { heldNotes } from './held-notes';
import type { Run } from '../runner';
import { configError, configErrorBesides, issueRows } from '../config-errors';
import { printJson, table } from '../output';

/** A duration as people say it: `42s`, `5m`, `3h`, `2d`. */
export function age(since: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - since) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)}h`;
  return `${Math.round(seconds / 86_400)}d`;
}

/** The SIGN-IN column's expiry: an expired token renews on use only while a refresh token is held. */
function expiryOf(status: ServerStatus, now: number): string {
  const expiresAt = status.auth?.expiresAt;
  if (expiresAt === undefined) return '';
  if (expiresAt > now) return `expires in ${age(now, expiresAt)}`;
  return status.auth?.refreshable === true ? 'expired (refreshes on use)' : `expired (sign in again: \`connected-services connect ${status.name}\`)`;
}

/** Whether a credential is held, when it expires and for which scopes. */
export function signInText(status: ServerStatus, now: number): string {
  const auth = status.auth;
  if (!auth) return '';
  if (!auth.connected) return 'not signed in';
  const expiry = expiryOf(status, now);
  return [expiry, auth.scopes?.length ? `scopes: ${auth.scopes.join(' ')}` : ''].filter(Boolean).join(', ');
}

/** The LAST ERROR column: only while it tells why the server is not working (`--json` keeps it always). */
export function lastErrorText(status: ServerStatus): string {
  const error = currentError(status);
  return error ? `${error.code}: ${error.message}` : '';
}

export function stateLabel(status: ServerStatus): string {
  if (!status.enabled) return 'disabled';
  if (status.approval === 'pending') return 'pending approval';
  // Step-up: a 403 insufficient_scope named scopes the next sign-in (`connect`) will ask for.
  const more = moreAccessNeeded(status.auth);
  if (more.length > 0 && status.state !== 'error' && status.state !== 'starting') return `needs more access: ${more.join(' ')}`;
  return status.state.replace('_', ' ');
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** An `all` agent whose listing passes the bound: what it searches instead of listing, and why (their size). */
export function listingBoundLine({ agent, searched, every, boundBytes }: AgentListingBound): string {
  const total = searched.reduce((sum, s) => sum + s.bytes, 0);
  if (every) return `listing bound: agent "${agent}"'s servers list ${mib(total)} of tools together, past ${mib(boundBytes)}: it lists search_tools and the call tools instead of them`;
  const which = searched.map((s) => `"${s.server}" (${mib(s.bytes)})`).join(', ');
  return `listing bound: agent "${agent}" finds the tools of ${which} through search_tools, each past ${mib(boundBytes)} listed; its other servers' tools stay listed`;
}

/** A broken approvals.json turns every server to "pending approval": said where the list is, not only by doctor. */
export function approvalsIgnoredLine(status: { approvalsIgnored?: { file: string; reason: string } | undefined }): string | undefined {
  const ignored = status.approvalsIgnored;
  if (ignored === undefined) return undefined;
  return `warning: ${ignored.file} is ${ignored.reason}: it is ignored, so every command waits for your approval again. Fix it, or approve each server again (connected-services servers approve NAME), which moves the broken file aside`;
}

export function registerStatus(program: Command, run: Run): void {
  program
    .command('status')
    .description('show every server with its state, tool count and last error')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const core = await ctx.core();
        const status = await core.api.status({});
        // A broken mcp.json is shown with everything else, then is the command's error (exit 2):
        // a script must not read "status printed" as "the config is fine". Each problem is said once:
        // a bad entry's on its row, the rest in that error.
        const broken = status.configIssues.length > 0 ? configError(status.configIssues) : undefined;
        if (options.json) {
          printJson(ctx.output, status);
          if (broken) throw broken;
          return;
        }
        ctx.output.out(`Data directory: ${status.dataDir}`);
        ctx.output.out(`Config file:    ${status.configFile}`);
        ctx.output.out(`Vault:          ${status.vault.providerLabel}, ${status.vault.state}${status.vault.persistent ? '' : ' (not persistent)'}`);
        if (!status.vault.persistent || status.vault.state !== 'ready' || status.vault.corruptFiles.length > 0) ctx.output.out(`  ${status.vault.message}`);
        const ignored = approvalsIgnoredLine(status);
        if (ignored !== undefined) ctx.output.err(ignored);
        const invalid = issueRows(status.configIssues, status.servers);
        if (status.servers.length === 0 && invalid.length === 0) {
          if (broken) throw broken;
          ctx.output.out('No servers configured. Add one with `connected-services servers add`.');
          return;
        }
        const now = Date.now();
        const rows = [['SERVER', 'TRANSPORT', 'STATE', 'SINCE', 'TOOLS', 'SIGN-IN', 'LAST ERROR']];
        for (const s of status.servers) {
          // Listed with the entry before its last change: the new command's tools are known once it starts.
          const tools = s.inventoryStale === true ? `${s.toolCount} before edit` : String(s.toolCount);
          rows.push([s.name, s.transport, stateLabel(s), age(s.since, now), tools, signInText(s, now), lastErrorText(s)]);
        }
        for (const { server, problem } of invalid) rows.push([server, '', 'invalid entry', '', '', '', `invalid_config: ${problem}`]);
        for (const line of table(rows)) ctx.output.out(line);
        const unsaid = broken && configErrorBesides(status.configIssues, invalid.map((row) => row.server));
        // Said here, not first on connect: the server would fail with 401 mid-task for an agent.
        for (const gap of status.missingHeaderSecrets ?? []) {
          ctx.output.out(`missing secret: server "${gap.server}", header "${gap.header}" uses ${gap.reference}, which is not in the vault; set it: ${gap.fix}`);
        }
        for (const bound of status.listingBounds ?? []) ctx.output.out(listingBoundLine(bound));
        const held = await core.api.listHeldChanges({}).catch(() => []);
        for (const line of heldNotes(held, PIN_KINDS)) ctx.output.out(`held for review: ${line}`);
        if (unsaid) throw unsaid;
      }),
    );
}
