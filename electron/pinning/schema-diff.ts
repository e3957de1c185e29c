import { canonicalJson } from '../../shared/config';
import type { PromptInfo, ResourceInfo, ResourceTemplateInfo, SchemaChange, ToolInfo } from '../../shared/api';

/** A value as one line for people, cut: schemas come from the server. */
function shown(value: unknown): string {
  const text = canonicalJson(value) ?? 'undefined';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
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
  for (const name of Object.keys(was)) if (!Object.hasOwn(now, name)) out.push({ part, change: 'removed', name, before: shown(was[name]) });
  for (const [name, value] of Object.entries(now)) {
    if (!Object.hasOwn(was, name)) out.push({ part, change: 'added', name, after: shown(value) });
    else if (canonicalJson(was[name]) !== canonicalJson(value)) out.push({ part, change: 'changed', name, before: shown(was[name]), after: shown(value) });
  }
  const required = names(record(before)['required']);
  const requiredNow = names(record(after)['required']);
  for (const name of requiredNow) if (!required.has(name)) out.push({ part, change: 'required', name });
  for (const name of required) if (!requiredNow.has(name)) out.push({ part, change: 'optional', name });
  // Anything else of the schema (type, additionalProperties, $defs…): one line for the whole.
  const rest = (s: unknown): string => canonicalJson({ ...record(s), properties: undefined, required: undefined });
  if (before !== undefined && rest(before) !== rest(after)) out.push({ part, change: 'changed', before: rest(before), after: rest(after) });
  return out;
}

function valueChange(part: string, before: unknown, after: unknown): SchemaChange[] {
  if (canonicalJson(before) === canonicalJson(after)) return [];
  if (before === undefined) return [{ part, change: 'added', after: shown(after) }];
  if (after === undefined) return [{ part, change: 'removed', before: shown(before) }];
  return [{ part, change: 'changed', before: shown(before), after: shown(after) }];
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
