import type { ApiInput } from '../../../shared/api';
import { hideArgumentSecrets, isStdio } from '../../../shared/config';
import { REDACTED } from '../../../shared/redact';
import { revealHidden, shellQuote } from '../../../shared/text';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `addService`'s input as people may see it (the admin log, a confirmation card): each secret's
 * name kept, its value never shown. `installRegistryEntry`'s inputs: each key kept, every value
 * hidden, as which of them the registry marks `isSecret` is not known here.
 */
export function withoutSecretValues(input: unknown): unknown {
  if (input !== null && typeof input === 'object' && isRecord((input as { inputs?: unknown }).inputs)) {
    const inputs = Object.fromEntries(Object.keys((input as { inputs: Record<string, unknown> }).inputs).map((key) => [key, REDACTED]));
    return { ...input, inputs };
  }
  if (input === null || typeof input !== 'object' || !Array.isArray((input as { secrets?: unknown }).secrets)) return input;
  const secrets = (input as { secrets: unknown[] }).secrets.map((s) => (s !== null && typeof s === 'object' ? { ...s, value: REDACTED } : s));
  return { ...input, secrets };
}

/** One line for the log and the card: what is added, what approved (as shown), whether it connects. */
export function summarizeAddService(input: ApiInput<'addService'>): string {
  const { name, config } = input;
  // Quoted as a shell reads it, as the approval shows it: `--flag 'a b'` is one argument, not two.
  const what = isStdio(config) ? [config.command, ...hideArgumentSecrets(config.args ?? [])].map(shellQuote).join(' ') : config.url;
  if (input.dryRun === true) return `show what adding "${revealHidden(name)}" would approve`;
  const approve = input.approve !== undefined ? `, approve ${revealHidden(input.approve.commandLine)}` : '';
  const secrets = (input.secrets ?? []).map((s) => s.name);
  const stored = secrets.length > 0 ? `, store ${secrets.join(', ')}` : '';
  return `add the server "${revealHidden(name)}": ${revealHidden(what)}${stored}${approve}${input.connect === false ? '' : ', and connect it'}`;
}
