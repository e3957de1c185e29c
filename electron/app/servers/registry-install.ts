import type { CoreEnv } from '../../../shared/core-env';
import type { AddServiceResult, ApiInput, ApiOutput } from '../../../shared/api';
import { assertNoCaseTwin, assertNoSeparator, clearTextWarning, isStdio, serverEntry } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { SECRET_NAME_PATTERN } from '../../../shared/vault';
import { BundleClaim, deriveInstall, installOptions, installSecretName, onPath, RUNTIME_HINTS, type RegistryCatalog } from '../../mcp-registry';
import type { Registry } from '../../registry';
import type { ServerDetail } from '../../mcp-registry';
import { assertAsShown } from './registry-as-shown';

async function entryOf(catalog: RegistryCatalog, base: string, name: string) {
  await catalog.load();
  const entry = catalog.entry(base, name);
  if (!entry) throw new CodedError('not_found', `The registry at ${base} has no entry ${name} in its snapshot.`, { hint: 'Refresh the registries, then try again.' });
  return entry;
}

/** `registryInstallOptions`: each package and remote of an entry, with its inputs (for the install form). */
export async function installOptionsOf(catalog: RegistryCatalog, input: ApiInput<'registryInstallOptions'>): Promise<ApiOutput<'registryInstallOptions'>> {
  const entry = await entryOf(catalog, input.registry, input.name);
  return { name: entry.server.name, version: entry.server.version, options: installOptions(entry.server) };
}

export interface InstallContext {
  core: Pick<CoreEnv, 'dataDir' | 'env'>;
  registry: Registry;
  /** The App API's addService: secrets, entry, approval as shown, sign-in and start as one transaction. */
  addService: (input: ApiInput<'addService'>) => Promise<AddServiceResult>;
}

/**
 * `installRegistryEntry`: the entry derived as `servers add --from-registry` derives it
 * (mcp-registry/install-derive.ts: exact version, an mcpb bundle's fileSha256 checked, the runtime
 * found), then added through addService in one transaction: its secrets stored for it, approved as
 * the person was shown it, signed in and started. A dry run derives and checks, and writes nothing.
 * The entry must still be the version, package or remote the caller was shown (registry-as-shown.ts).
 */
export async function installFromCatalog(catalog: RegistryCatalog, input: ApiInput<'installRegistryEntry'>, ctx: InstallContext): Promise<ApiOutput<'installRegistryEntry'>> {
  const entry = await entryOf(catalog, input.registry, input.name);
  assertAsShown(entry.server, input);
  if (serverEntry(ctx.registry.config(), input.server)) throw new CodedError('invalid_input', `A service named "${input.server}" already exists; choose another name.`);
  assertNoCaseTwin(Object.keys(ctx.registry.config().mcpServers), input.server);
  assertNoSeparator(input.server, Object.keys(ctx.registry.config().mcpServers));
  // Held until addService has written the entry (or failed): a removal meanwhile keeps the bundle's folder.
  const claim = new BundleClaim(ctx.core.dataDir);
  try {
    return await deriveAndAdd(entry.server, input, ctx, claim);
  } finally {
    await claim.release();
  }
}

async function deriveAndAdd(server: ServerDetail, input: ApiInput<'installRegistryEntry'>, ctx: InstallContext, claim: BundleClaim): Promise<ApiOutput<'installRegistryEntry'>> {
  const naming = input.stored === undefined ? installSecretName(input.server) : Object.assign(installSecretName(input.server), { stored: input.stored });
  const plan = await deriveInstall(server, input.choice, input.inputs, naming, { fetch, dataDir: ctx.core.dataDir, registry: input.registry, dryRun: input.dryRun, claim });
  if (plan.missing.length > 0) throw new CodedError('invalid_input', `${server.name} needs: ${plan.missing.map((m) => m.key).join(', ')}`);
  if (plan.runtime !== undefined && !(await onPath(plan.runtime, ctx.core.env))) {
    throw new CodedError('invalid_input', `${server.name} runs with ${plan.runtime}, which is not installed on this computer.`, { hint: RUNTIME_HINTS[plan.runtime] ?? `Install ${plan.runtime}.` });
  }
  const secrets = [...plan.secrets].map(([name, value]) => {
    if (!SECRET_NAME_PATTERN.test(name)) throw new CodedError('invalid_input', `"${name}" is no secret name`);
    return { name, value };
  });
  const { approve, connect, flow, dryRun } = input;
  const result = await ctx.addService({
    name: input.server,
    config: plan.config,
    ...(secrets.length > 0 ? { secrets } : {}),
    ...(approve !== undefined ? { approve } : {}),
    ...(connect !== undefined ? { connect } : {}),
    ...(flow !== undefined ? { flow } : {}),
    ...(dryRun !== undefined ? { dryRun } : {}),
  });
  // Said before the install as after it: the dry run is where the person still chooses.
  const clearText = isStdio(plan.config) ? undefined : clearTextWarning(plan.config.url);
  return { ...result, name: input.server, secrets: secrets.map((s) => s.name), ...(clearText !== undefined ? { clearTextWarning: clearText } : {}) };
}
