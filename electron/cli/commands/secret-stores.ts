import type { Command } from 'commander';
import { CodedError } from '../../../shared/errors';
import { printJson, table } from '../output';
import { confirm } from '../prompt';
import type { Run } from '../runner';
import { registerStoreEntries } from './secret-store-entries';
import { checkSecretInput } from './secret-input';

/** `secrets stores` exits 1 when a store in use does not answer (docs/cli.md, "Errors and exit codes"). */
const UNHEALTHY_EXIT = 1;

/** `secrets stores [list]` and `secrets stores approve NAME` (docs/vault.md, "Secret stores"). */
export function registerSecretStores(secrets: Command, run: Run): void {
  const stores = secrets
    .command('stores')
    .description('the secret stores ${secret:STORE:PATH} reads from (our vault, pass, keepassxc, secret-service, commands), and whether each answers');

  stores
    .command('list', { isDefault: true })
    .description('list every store and its health (never a value); exits 1 when one in use does not answer')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const list = await (await ctx.core()).api.listSecretStores({});
        if (options.json) printJson(ctx.output, list);
        else {
          const can = (s: (typeof list)[number]): string => ['get', ...(['list', 'set', 'delete'] as const).filter((a) => s.abilities[a])].join(',');
          const health = (s: (typeof list)[number]): string => (s.ok ? 'ok' : s.used ? 'unavailable' : 'not set up');
          const rows = list.map((s) => [s.name, s.type, health(s), can(s), s.detail]);
          for (const line of table([['NAME', 'TYPE', 'HEALTH', 'CAN', 'DETAIL'], ...rows])) ctx.output.out(line);
          for (const s of list) if (!s.ok && s.used && s.fix !== undefined) ctx.output.err(`  ${s.name}: ${s.fix}`);
        }
        return list.some((s) => s.used && !s.ok) ? UNHEALTHY_EXIT : 0;
      }),
    );

  registerStoreEntries(stores, run);

  stores
    .command('approve <name>')
    .description("approve a command store's exact command line (shown first), as a server's command is approved")
    .option('-y, --yes', 'approve without asking')
    .action((name: string, options: { yes?: boolean }) =>
      run(async (ctx) => {
        checkSecretInput({ store: name });
        const core = await ctx.core();
        const store = (await core.api.listSecretStores({})).find((s) => s.name === name);
        if (!store) throw new CodedError('not_found', `No secret store named "${name}" is configured`, { hint: 'See `connected-services secrets stores`' });
        if (store.commandLine === undefined) throw new CodedError('invalid_input', `The secret store "${name}" runs no command of its own; only command stores need approval`);
        ctx.output.out(`Command of the secret store ${name} ({path} is each reference's path):`);
        ctx.output.out(`  ${store.commandLine}`);
        if (store.approval === 'approved') return ctx.output.out('Already approved.');
        if (ctx.interactive && !options.yes && !(await confirm('Allow this command to run?'))) {
          ctx.output.out('Not approved.');
          return 4;
        }
        await core.api.approveSecretStore({ name, commandLine: store.commandLine });
        ctx.output.out(`Approved ${name}.`);
      }),
    );
}
