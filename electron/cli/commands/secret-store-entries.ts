import type { Command } from 'commander';
import type { StoreReferenceView } from '../../../shared/api';
import { printJson, table } from '../output';
import type { Run } from '../runner';
import { age } from './status';

/** The last read of an entry as a word and an age: the value is never part of it. */
function lastRead(entry: StoreReferenceView, now: number): string {
  const use = entry.lastUse;
  if (!use) return 'not read yet';
  const when = `${age(use.at, now)} ago${use.server !== undefined ? ` for ${use.server}` : ''}`;
  return use.ok ? `resolved ${when}` : `failed ${when}${use.problem !== undefined ? `: ${use.problem}` : ''}`;
}

/** `secrets stores entries`: every `${secret:STORE:PATH}` the servers name (docs/vault.md, "Secret stores"). */
export function registerStoreEntries(stores: Command, run: Run): void {
  stores
    .command('entries')
    .description('list every ${secret:STORE:PATH} a configured server names: its store, who uses it, its last resolution (never a value)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const entries = await (await ctx.core()).api.listStoreReferences({});
        if (options.json) return printJson(ctx.output, entries);
        if (entries.length === 0) {
          ctx.output.out('No server names a secret-store entry. A reference looks like ${secret:STORE:PATH}; see `connected-services secrets stores`.');
          return;
        }
        const now = Date.now();
        const rows = entries.map((e) => [e.store, e.type, e.path, e.uses.map((u) => `${u.server} ${u.field}`).join(', '), lastRead(e, now)]);
        for (const line of table([['STORE', 'TYPE', 'PATH', 'USED BY', 'LAST RESOLUTION'], ...rows])) ctx.output.out(line);
        for (const e of entries) if (e.lastUse && !e.lastUse.ok && e.lastUse.fix !== undefined) ctx.output.err(`  ${e.reference}: ${e.lastUse.fix}`);
      }),
    );
}
