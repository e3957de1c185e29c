import type { Command } from 'commander';
import path from 'node:path';
import { entriesInUse, shownSize, type Core } from '../../app';
import { readTextFile } from '../../fs-safe';
import { orphanedBundles } from '../../mcp-registry';
import { MAX_CONFIG_BYTES } from '../../registry';
import type { Run } from '../runner';

/**
 * `servers prune-bundles`: removes the folders under bundles/ no entry names (bundles installed before
 * a removal pruned its folder). mcp.json as written counts, entries skipped as invalid included; a
 * folder an install in flight has claimed is kept.
 */
export function registerServerPruneBundles(servers: Command, run: Run): void {
  servers
    .command('prune-bundles')
    .description('remove the unpacked bundle folders no server runs from any more (bundles/ of the data folder)')
    .option('--dry-run', 'list them with their sizes, remove nothing')
    .action((options: { dryRun?: boolean }) =>
      run(async (ctx) => {
        const core = await ctx.core();
        const dryRun = options.dryRun === true;
        const found = await orphanedBundles(ctx.dataDir, ctx.runningApp() ? inUseByApp(core) : entriesInUse(core.registry), !dryRun);
        const root = path.join(ctx.dataDir, 'bundles');
        if (found.length === 0) return ctx.output.out(`No folder under ${root} is left without a server.`);
        for (const { name, bytes } of found) ctx.output.out(`  ${name}  ${shownSize(bytes)}`);
        const total = shownSize(found.reduce((sum, f) => sum + f.bytes, 0));
        ctx.output.out(dryRun ? `${found.length} folder(s), ${total}, would be removed from ${root} (run without --dry-run to remove them).` : `Removed ${found.length} folder(s), ${total}, from ${root}.`);
      }),
    );
}

/** While an app runs: its config file as written and the servers it holds (code-declared ones too), read through its App API. */
function inUseByApp(core: Core): () => Promise<string> {
  return async () => {
    const status = await core.api.status({});
    return `${await readTextFile(status.configFile, MAX_CONFIG_BYTES)}\n${JSON.stringify(status.servers)}`;
  };
}
