import { isRecord, parseConfigObject, type ServerConfig } from '../../shared/config';
import type { ImportSource } from '../../shared/api';
import { redact } from '../../shared/redact';
import { foreignReference } from './import-references';

export type Converted = { ok: true; config: ServerConfig } | { ok: false; reason: string };

function hasInputPrompt(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('${input:');
  if (Array.isArray(value)) return value.some(hasInputPrompt);
  if (isRecord(value)) return Object.values(value).some(hasInputPrompt);
  return false;
}

function copyDefined(from: Record<string, unknown>, keys: readonly string[], to: Record<string, unknown>): void {
  for (const key of keys) if (from[key] !== undefined) to[key] = from[key];
}

/**
 * Turns another client's entry into ours, or says why not. Only the fields that mean the same thing
 * are taken; the result is validated like any mcp.json entry.
 */
export function convertEntry(entry: unknown, source: ImportSource): Converted {
  if (!isRecord(entry)) return { ok: false, reason: 'the entry is not an object' };
  if (hasInputPrompt(entry)) {
    return {
      ok: false,
      reason: 'it asks for a value when it starts (${input:…}), which only VS Code can do; add it by hand with the value in "env" or "headers"',
    };
  }
  const foreign = foreignReference(entry, source);
  if (foreign !== undefined) return { ok: false, reason: foreign };
  const type = entry['type'];
  let transport: 'stdio' | 'http';
  if (type === 'stdio' || type === 'http') transport = type;
  else if (type === 'sse') {
    return { ok: false, reason: 'it uses the legacy SSE transport, which is not supported; use the server\'s Streamable HTTP URL instead' };
  } else if (type !== undefined) {
    return { ok: false, reason: `unsupported transport ${JSON.stringify(type)}; only stdio and Streamable HTTP ("http") can be imported` };
  } else if ('command' in entry) transport = 'stdio';
  else if ('url' in entry) transport = 'http';
  else return { ok: false, reason: 'it has neither "command" nor "url"' };
  if (entry['envFile'] !== undefined) {
    return { ok: false, reason: '"envFile" is not supported; add it by hand with the variables in "env"' };
  }

  const candidate: Record<string, unknown> = {};
  if (transport === 'http') {
    candidate['type'] = 'http';
    copyDefined(entry, ['url', 'headers'], candidate);
  } else {
    copyDefined(entry, ['command', 'args', 'env', 'cwd'], candidate);
  }
  if (entry['disabled'] === true || entry['enabled'] === false) candidate['enabled'] = false;

  const parsed = parseConfigObject({ mcpServers: { imported: candidate } }, 'import');
  if (parsed.ok) {
    const config = parsed.config.mcpServers['imported'];
    if (config) return { ok: true, config };
    return { ok: false, reason: 'the entry could not be read' };
  }
  const reason = parsed.issues
    .map((issue) => (issue.field ? `"${issue.field}" ${issue.message}` : issue.message))
    .join('; ');
  return { ok: false, reason: redact(`invalid entry: ${reason}`) };
}
