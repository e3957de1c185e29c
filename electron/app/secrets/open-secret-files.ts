import { errorMessage } from '../../../shared/errors';
import type { CoreEnv } from '../../../shared/core-env';
import type { Vault } from '../../../shared/vault';
import { redact, redactor } from '../../../shared/redact';
import { openPrivateRuntimeDir, sweepRuntimeDirs } from '../../fs-safe';
import { secretLookup } from '../../vault';
import { SecretFiles } from './secret-files';

/** Removes secret files a crashed run left (kill -9, power loss), before anything spawns; then opens this run's. */
export async function openSecretFiles(core: CoreEnv, vault: Vault): Promise<SecretFiles> {
  const runtimeDirs = { dataDir: core.dataDir, env: core.env };
  await sweepRuntimeDirs(runtimeDirs).catch((error: unknown) => core.log(redact(`removing left-over runtime files failed: ${errorMessage(error)}`)));
  return new SecretFiles({ open: () => openPrivateRuntimeDir(runtimeDirs), lookup: (server) => secretLookup(vault, server), redactor });
}
