import { canonicalJson } from '../../shared/config';
import { shownPair, shownValue } from './shown-value';
import type { PromptInfo, ResourceInfo, ResourceTemplateInfo, SchemaChange, ToolInfo } from '../../shared/api';

/** A property, argument or value that came or went, its head shown. */
function oneSide(part: string, change: 'added' | 'removed', value: unknown, name?: string): SchemaChange {
  const { text, cut } = shownValue(value);
  return { part, change, ...(name !== undefined ? { name } : {}), ...(change === 'added' ? { after: text } : { before: text }), ...(cut ? { cut } : {}) };
}

/** A property, argument or value that differs: the region that changed shown on both sides. */
function bothSides(part: string, before: unknown, after: unknown, name?: string): SchemaChange {
  const shown = shownPair(before, after);
  return { part, change: 'changed', ...(name !== undefined ? { name } : {}), before: shown.before, after: shown.after, ...(shown.cut ? { cut: true } : {}) };
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function names(value: unknown): Set<string> {
  return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
}

/** Properties added, removed or changed, and names that became required or optional, of one JSON Schema. */
export function objectSchemaChanges(part: string, before: unknown, after: unknown): SchemaChange[] {
  const out: SchemaChange[] = [];
  const was = record(record(before)['properties']);
  const now = record(record(after)['properties']);
  for (const name of Object.keys(was)) if (!Object.hasOwn(now, name)) out.push(oneSide(part, 'removed', was[name], name));
  for (const [name, value] of Object.entries(now)) {
    if (!Object.hasOwn(was, name)) out.push(oneSide(part, 'added', value, name));
    else if (canonicalJson(was[name]) !== canonicalJson(value)) out.push(bothSides(part, was[name], value, name));
  }
  const required = names(record(before)['required']);
  const requiredNow = names(record(after)['required']);
  for (const name of requiredNow) if (!required.has(name)) out.push({ part, change: 'required', name });
  for (const name of required) if (!requiredNow.has(name)) out.push({ part, change: 'optional', name });
  // Anything else of the schema (type, additionalProperties, $defs…): one line for the whole.
  const rest = (s: unknown): Record<string, unknown> => ({ ...record(s), properties: undefined, required: undefined });
  if (before !== undefined && canonicalJson(rest(before)) !== canonicalJson(rest(after))) out.push(bothSides(part, rest(before), rest(after)));
  return out;
}

function valueChange(part: string, before: unknown, after: unknown): SchemaChange[] {
  if (canonicalJson(before) === canonicalJson(after)) return [];
  if (before === undefined) return [oneSide(part, 'added', after)];
  if (after === undefined) return [oneSide(part, 'removed', before)];
  return [bothSides(part, before, after)];
}

/** What differs between an approved tool and the one now listed (besides its description). */
export function toolChanges(before: ToolInfo | undefined, after: ToolInfo): SchemaChange[] {
  return [
    ...valueChange('title', before?.title, after.title),
    ...objectSchemaChanges('input', before?.inputSchema, after.inputSchema),
    // An output schema that appears or goes is one change; one on both sides is compared as the input is.
    ...(before?.outputSchema === undefined || after.outputSchema === undefined
      ? valueChange('output', before?.outputSchema, after.outputSchema)
      : objectSchemaChanges('output', before.outputSchema, after.outputSchema)),
    ...valueChange('annotations', before?.annotations, after.annotations),
    // Its MCP App's address and who may call it (the server's `_meta.ui`).
    ...valueChange('app', before?.app, after.app),
  ];
}

/** A prompt's arguments as a schema: each argument a property, `required` as the prompt says. */
function argumentSchema(prompt: PromptInfo | undefined): Record<string, unknown> {
  const args = prompt?.arguments ?? [];
  return {
    properties: Object.fromEntries(args.map((a) => [a.name, a.description ?? ''])),
    required: args.filter((a) => a.required === true).map((a) => a.name),
  };
}

export function promptChanges(before: PromptInfo | undefined, after: PromptInfo): SchemaChange[] {
  return objectSchemaChanges('arguments', argumentSchema(before), argumentSchema(after));
}

/** A resource's or template's name and MIME type (its URI is what it is pinned by, its description is diffed apart). */
export function resourceChanges(before: ResourceInfo | ResourceTemplateInfo | undefined, after: ResourceInfo | ResourceTemplateInfo): SchemaChange[] {
  return [...valueChange('name', before?.name, after.name), ...valueChange('mimeType', before?.mimeType, after.mimeType)];
}
