import type { AppApi } from '../../../shared/api';
import type { ServerPlan } from '../../../shared/catalog';

/**
 * What the entry names on this computer that is not there (a Folder mistyped), as the core's dry run
 * says it: never a refusal, since it may be made later. A dry run that fails says nothing; the add says why.
 */
async function missingPathNotes(api: AppApi, plan: ServerPlan): Promise<string[]> {
  try {
    return (await api.addService({ name: plan.name, config: plan.config, dryRun: true })).notes ?? [];
  } catch {
    return [];
  }
}

/**
 * Stores the plan's secrets in the vault (scoped to the new server), then adds the server, whose
 * config refers to them as `${secret:NAME}`. If adding fails, the secrets are removed again.
 * Resolves to the notes of what the entry names that is not there.
 */
export async function addPlannedServer(api: AppApi, plan: ServerPlan): Promise<string[]> {
  const notes = await missingPathNotes(api, plan);
  const stored: string[] = [];
  try {
    for (const secret of plan.secrets) {
      await api.setSecret({ name: secret.name, server: plan.name, value: secret.value });
      stored.push(secret.name);
    }
    await api.addServer({ name: plan.name, config: plan.config });
  } catch (error) {
    await Promise.all(stored.map((name) => api.deleteSecret({ name, server: plan.name }).catch(() => undefined)));
    throw error;
  }
  return notes;
}
