import { homedir } from 'node:os';
import path from 'node:path';
import { CodedError } from '../../shared/errors';
import type { FetchLike, Resolver } from '../net';
import { downloadBundle } from './bundle-download';
import type { BundleClaim } from './bundle-claims';
import { bundleCommand, readManifest, type BundleCommand } from './bundle-manifest';
import { unpackBundle } from './bundle-unpack';
import { mountHost } from './docker-mounts';
import { checkResolvedEntryAddress, registryReach } from './entry-address';
import type { InputAsk, SecretNaming } from './install-inputs';
import { planInstall, type InstallChoice, type InstallPlan } from './install-plan';
import type { ServerDetail } from './server-json';

export interface DeriveOptions {
  fetch: FetchLike;
  /** The data folder: bundles unpack into its `bundles/`. */
  dataDir: string;
  /** The base URL of the registry the entry came from: its addresses may be no closer than it (entry-address.ts). */
  registry: string;
  /** Looks up the host names of a remote and a bundle's download (entry-address.ts). Default: the system's. */
  resolver?: Resolver | undefined;
  /** Download, verify, unpack and check the bundle, but keep none of it in `bundles/`. */
  dryRun?: boolean | undefined;
  /** Claims the bundle folder before it is unpacked or reused, so no removal prunes it before the entry is written (bundle-claims.ts). */
  claim?: BundleClaim | undefined;
}

/**
 * Where a bundle unpacks: one folder per server, version and full SHA-256 of the file, so a new
 * version never overwrites a running one and two bundles share a folder only if their bytes are the
 * same (whichever registry listed them: what runs comes from the bytes alone). The name is cut so
 * that it and its staging suffix stay within a file name's 255 bytes.
 */
export function bundleFolder(dataDir: string, server: ServerDetail, sha256: string): string {
  const safe = `${server.name}@${server.version}`.replace(/[^A-Za-z0-9._@-]/g, '_').slice(0, 150);
  return path.join(dataDir, 'bundles', `${safe}-${sha256.toLowerCase()}`);
}

/** A vault secret goes only where the entry asks for a secret: never into a plain input, written in clear. */
function refuseMisplacedStored(server: ServerDetail, asked: readonly InputAsk[], secretName: SecretNaming): void {
  const secretKeys = new Set(asked.filter((ask) => ask.isSecret).map((ask) => ask.key));
  const misplaced = Object.keys(secretName.stored ?? {}).filter((key) => !secretKeys.has(key));
  if (misplaced.length === 0) return;
  const one = misplaced.length === 1;
  throw new CodedError('invalid_input', `${misplaced.join(', ')} of ${server.name} ${one ? 'is' : 'are'} no secret input, so no vault secret can be chosen for ${one ? 'it' : 'them'}`, {
    hint: `Its secret inputs: ${[...secretKeys].join(', ') || 'none'}; give a plain input its value instead`,
  });
}

/**
 * The mcp.json entry for a registry entry, the one derivation behind `servers add --from-registry`
 * and the app's install form: planned from the inputs; for an mcpb package (once every required
 * input is given) downloaded, its SHA-256 verified, unpacked and planned again with its manifest's command.
 */
export async function deriveInstall(
  server: ServerDetail,
  choice: InstallChoice,
  given: Readonly<Record<string, string>>,
  secretName: SecretNaming,
  options: DeriveOptions,
): Promise<InstallPlan & { asked: InputAsk[] }> {
  // A docker mount may not reach the data folder this core uses (docker-mounts.ts).
  const mounts = mountHost(homedir(), options.dataDir);
  const plan = planInstall(server, choice, given, secretName, undefined, mounts);
  refuseMisplacedStored(server, plan.asked, secretName);
  const reach = registryReach(options.registry);
  if ('url' in plan.config && plan.missing.length === 0) await checkResolvedEntryAddress(plan.config.url, 'remote', reach, options.resolver);
  if (plan.download === undefined || plan.missing.length > 0) return plan;
  const dir = bundleFolder(options.dataDir, server, plan.download.sha256);
  const bytes = await downloadBundle(options.fetch, plan.download.url, plan.download.sha256, reach, undefined, options.resolver);
  let command: BundleCommand | undefined;
  if (options.dryRun !== true) await options.claim?.take(path.basename(dir));
  // Planned from the manifest before the folder moves into bundles/: a refused bundle leaves no files
  // of its author's choosing at a path anyone can predict.
  await unpackBundle(bytes, dir, undefined, async (staging) => {
    command = bundleCommand(await readManifest(staging), dir);
    planInstall(server, choice, given, secretName, command, mounts);
  }, options.dryRun === true);
  return planInstall(server, choice, given, secretName, command, mounts);
}
