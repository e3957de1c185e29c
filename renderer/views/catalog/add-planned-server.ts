import type { AppApi } from '../../../shared/api';
import type { ServerPlan } from '../../../shared/catalog';

/**
 * Stores the plan's secrets in the vault (scoped to the new server), then adds the server, whose
 * config refers to them as `${secret:NAME}`. If adding fails, the secrets are removed again.
 */
export async function addPlannedServer(api: AppApi, plan: ServerPlan): Promise<void> {
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
}
