import type { DoctorCheck } from '../../../shared/api';
import type { ServerConfig } from '../../../shared/config';
import { findReferences, type SecretReference } from '../../../shared/vault';

export interface ReferenceCheckOptions {
  servers: Record<string, ServerConfig>;
  /** Whether the vault holds the secret for this server (its own, else one for every server). */
  hasSecret: (server: string, name: string) => Promise<boolean>;
  env: Record<string, string | undefined>;
}

/** Every string in an entry (env, args, headers, auth…): references may stand in any of them. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

function referencesOf(config: ServerConfig): { refs: SecretReference[]; broken: string[] } {
  const refs = new Map<string, SecretReference>();
  const broken: string[] = [];
  for (const text of strings(config)) {
    try {
      for (const ref of findReferences(text)) refs.set(ref.text, ref);
    } catch (error) {
      broken.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { refs: [...refs.values()], broken };
}

/**
 * One check per entry that uses `${secret:…}` or `${env:…}`, enabled or not: a missing one fails the
 * server only when it starts, mid-task for an agent, so it is named here first.
 */
export async function referenceChecks(options: ReferenceCheckOptions): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const [server, config] of Object.entries(options.servers)) {
    const { refs, broken } = referencesOf(config);
    if (refs.length === 0 && broken.length === 0) continue;
    const missing: SecretReference[] = [];
    for (const ref of refs) {
      const present = ref.kind !== 'env' ? await options.hasSecret(server, ref.name) : options.env[ref.name] !== undefined;
      if (!present) missing.push(ref);
    }
    const id = `references:${server}`;
    const title = `Secrets of ${server}`;
    if (missing.length === 0 && broken.length === 0) {
      checks.push({ id, title, status: 'ok', detail: `${refs.map((r) => r.text).join(', ')} present` });
      continue;
    }
    const fixes = missing.map((ref) =>
      ref.kind !== 'env' ? `connected-services secrets set ${ref.name}` : `set ${ref.name} in the environment the app starts in`,
    );
    checks.push({
      id,
      title,
      status: 'fail',
      detail: [...missing.map((ref) => `${ref.text} is missing${ref.kind !== 'env' ? ' from the vault' : ' from the environment'}`), ...broken].join('\n'),
      fix: [...fixes, ...(broken.length > 0 ? ['fix the reference in mcp.json'] : [])].join('; '),
    });
  }
  return checks;
}
