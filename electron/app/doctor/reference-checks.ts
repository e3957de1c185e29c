import { errorMessage } from '../../../shared/errors';
import type { DoctorCheck } from '../../../shared/api';
import { fieldPath, fieldPlace, mistypedReferences, type ServerConfig } from '../../../shared/config';
import { findReferences, malformedReference, type SecretReference } from '../../../shared/vault';
import { setSecretCommand } from '../servers/header-secret-gaps';
import { inCode, type FromCode } from './code-entry';

/** What a store answered for one `${secret:STORE:PATH}`: there, not there, or why it cannot say. */
export type StoreEntryCheck = { present: boolean } | { problem: string; fix?: string };

export interface ReferenceCheckOptions {
  servers: Record<string, ServerConfig>;
  /** Whether the vault holds the secret for this server (its own, else one for every server); absent: vault references are not checked (a locked vault has its own check). */
  hasSecret?: ((server: string, name: string) => Promise<boolean>) | undefined;
  /** Asks the store a `${secret:STORE:PATH}` names; absent: such references are not checked. */
  storeEntry?: ((server: string, store: string, path: string) => Promise<StoreEntryCheck>) | undefined;
  env: Record<string, string | undefined>;
  fromCode?: FromCode;
}

/** Every string in an entry (env, args, headers, auth…) with where it stands: references may stand in any of them. */
function strings(value: unknown, path: string[] = [], out: { path: string[]; text: string }[] = []): { path: string[]; text: string }[] {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, [...path, String(index)], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) strings(item, [...path, key], out);
  return out;
}

/** Where a reference stands, as a person finds it in mcp.json and as config problems name it: `field "args.0"`, `field env["KEY"]`. */
function placeOf(path: string[]): string {
  return fieldPlace(fieldPath(path));
}

function referencesOf(config: ServerConfig): { refs: SecretReference[]; places: Map<string, string[]>; broken: string[] } {
  const refs = new Map<string, SecretReference>();
  const places = new Map<string, string[]>();
  const broken: string[] = [];
  for (const { path, text } of strings(config)) {
    for (const typo of mistypedReferences(text)) broken.push(`${typo.text} is not a reference, so it reaches the server as this text: did you mean ${typo.meant}? (${placeOf(path)})`);
    try {
      for (const ref of findReferences(text)) {
        refs.set(ref.text, ref);
        places.set(ref.text, [...(places.get(ref.text) ?? []), placeOf(path)]);
      }
    } catch (error) {
      broken.push(errorMessage(error));
    }
  }
  return { refs: [...refs.values()], places, broken };
}

/**
 * One check per entry that uses `${secret:…}` or `${env:…}`, enabled or not: a missing one fails the
 * server only when it starts, mid-task for an agent, so it is named here first.
 */
export async function referenceChecks(options: ReferenceCheckOptions): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const [server, config] of Object.entries(options.servers)) {
    const { refs, places, broken } = referencesOf(config);
    if (refs.length === 0 && broken.length === 0) continue;
    const missing: SecretReference[] = [];
    const unavailable: { ref: SecretReference; problem: string; fix?: string }[] = [];
    for (const ref of refs) {
      // Told as what it is, before any store or the vault is asked: no content could fill it.
      const malformed = malformedReference(ref);
      if (malformed !== undefined) {
        broken.push(`${malformed.message} (${(places.get(ref.text) ?? []).join(', ')})`);
        continue;
      }
      if (ref.store !== undefined && ref.store !== 'vault') {
        if (!options.storeEntry) continue;
        const answer = await options.storeEntry(server, ref.store, ref.name);
        if ('problem' in answer) unavailable.push({ ref, problem: answer.problem, ...(answer.fix !== undefined ? { fix: answer.fix } : {}) });
        else if (!answer.present) missing.push(ref);
        continue;
      }
      if (ref.kind !== 'env' && !options.hasSecret) continue;
      const present = ref.kind !== 'env' ? await options.hasSecret?.(server, ref.name) : options.env[ref.name] !== undefined;
      if (present !== true) missing.push(ref);
    }
    const id = `references:${server}`;
    const title = `Secrets of ${server}`;
    if (missing.length === 0 && broken.length === 0 && unavailable.length === 0) {
      checks.push({ id, title, status: 'ok', detail: `${refs.map((r) => r.text).join(', ')} present` });
      continue;
    }
    const fixes = missing.map((ref) =>
      ref.store !== undefined && ref.store !== 'vault'
        ? `add "${ref.name}" to the store "${ref.store}"`
        : ref.kind !== 'env'
          ? setSecretCommand(ref.name)
          : `set ${ref.name} in the environment the app starts in`,
    );
    const where = (ref: SecretReference): string =>
      ref.store !== undefined && ref.store !== 'vault' ? ` from the store "${ref.store}"` : ref.kind !== 'env' ? ' from the vault' : ' from the environment';
    const fix = [...fixes, ...unavailable.flatMap((u) => (u.fix !== undefined ? [u.fix] : [])), ...(broken.length > 0 ? ['fix the reference in mcp.json'] : [])].join('; ');
    checks.push({
      id,
      title,
      status: 'fail',
      detail: [...missing.map((ref) => `${ref.text} is missing${where(ref)} (${(places.get(ref.text) ?? []).join(', ')})`), ...unavailable.map((u) => `${u.ref.text}: ${u.problem}`), ...broken].join('\n'),
      fix: options.fromCode?.(server) === true ? inCode(fix) : fix,
    });
  }
  return checks;
}
