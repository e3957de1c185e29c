import type { ImportReport, ImportSource } from '../../shared/api';
import type { ImportPlan } from './import-plan';
import { moveSecrets, type SecretSink } from './import-secrets';

/**
 * Moves the literal secrets of the servers an import will add into the vault (before the config
 * that refers to them is written); servers already configured are left alone.
 */
export async function moveImportedSecrets(plan: ImportPlan, existing: Readonly<Record<string, unknown>>, sink: SecretSink | undefined): Promise<ImportReport['secrets']> {
  const moved: ImportReport['secrets'] = [];
  if (!sink) return moved;
  for (const candidate of plan.candidates) {
    if (Object.hasOwn(existing, candidate.name)) continue;
    const result = await moveSecrets(candidate.name, candidate.config, sink);
    candidate.config = result.config;
    moved.push(...result.moved);
  }
  return moved;
}

/** Adds the planned servers to the raw entries of mcp.json, never overwriting one, and says what it did. */
export function mergeImport(plan: ImportPlan, servers: Record<string, unknown>, source: ImportSource, secrets: ImportReport['secrets']): ImportReport {
  const out: ImportReport = { source, files: plan.files, added: [], skipped: [...plan.skipped], secrets };
  for (const candidate of plan.candidates) {
    if (Object.hasOwn(servers, candidate.name)) {
      const as = candidate.name === candidate.originalName ? '' : ` (as "${candidate.name}")`;
      out.skipped.push({ name: candidate.originalName, from: candidate.from, reason: `already configured${as}` });
    } else {
      servers[candidate.name] = candidate.config;
      out.added.push({ name: candidate.name, from: candidate.from });
    }
  }
  return out;
}
