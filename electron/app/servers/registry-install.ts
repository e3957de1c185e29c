import type { CoreEnv } from '../../../shared/core-env';
import type { ApiInput, ApiOutput } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { SECRET_NAME_PATTERN, secretKey, type Vault } from '../../../shared/vault';
import { deriveInstall, installOptions, installSecretName, onPath, RUNTIME_HINTS, type RegistryCatalog } from '../../mcp-registry';
import type { Registry } from '../../registry';

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
  vault: Vault;
}

/**
 * `installRegistryEntry`: the entry derived as `servers add --from-registry` derives it
 * (mcp-registry/install-derive.ts), its secrets stored, the entry added; a command waits for approval.
 */
export async function installFromCatalog(catalog: RegistryCatalog, input: ApiInput<'installRegistryEntry'>, ctx: InstallContext): Promise<ApiOutput<'installRegistryEntry'>> {
  const entry = await entryOf(catalog, input.registry, input.name);
  if (ctx.registry.config().mcpServers[input.server]) throw new CodedError('invalid_input', `A service named "${input.server}" already exists; choose another name.`);
  const plan = await deriveInstall(entry.server, input.choice, input.inputs, installSecretName(input.server), { fetch, dataDir: ctx.core.dataDir });
  if (plan.missing.length > 0) throw new CodedError('invalid_input', `${entry.server.name} needs: ${plan.missing.map((m) => m.key).join(', ')}`);
  if (plan.runtime !== undefined && !(await onPath(plan.runtime, ctx.core.env))) {
    throw new CodedError('invalid_input', `${entry.server.name} runs with ${plan.runtime}, which is not installed on this computer.`, { hint: RUNTIME_HINTS[plan.runtime] ?? `Install ${plan.runtime}.` });
  }
  const stored: string[] = [];
  try {
    for (const [secret, value] of plan.secrets) {
      if (!SECRET_NAME_PATTERN.test(secret)) throw new CodedError('invalid_input', `"${secret}" is no secret name`);
      await ctx.vault.set(secretKey(secret), value);
      stored.push(secret);
    }
    await ctx.registry.addServer(input.server, plan.config);
  } catch (error) {
    // Nothing half-installed: the secrets go again when the entry could not be added.
    await Promise.all(stored.map((secret) => ctx.vault.delete(secretKey(secret)).catch(() => undefined)));
    throw error;
  }
  return { name: input.server, secrets: stored };
}
