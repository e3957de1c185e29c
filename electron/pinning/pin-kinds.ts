import type { PinKind, PromptInfo, ResourceInfo, ResourceTemplateInfo, SchemaChange, ToolInfo } from '../../shared/api';
import { promptDigest, resourceDigest, templateDigest, toolDigest } from './digest';
import { promptChanges, resourceChanges, toolChanges } from './schema-diff';

/** Each part of a listing that pins cover, with its items' type. */
export interface PinnedItems {
  tools: ToolInfo;
  prompts: PromptInfo;
  resources: ResourceInfo;
  templates: ResourceTemplateInfo;
}
export type PinPart = keyof PinnedItems;

/** How one part is pinned: what its items are known by, hashed by, and how a change is shown. */
export interface PartRules<T> {
  kind: PinKind;
  key: (item: T) => string;
  digest: (item: T) => string;
  /** What differs besides the description (the word diff shows that). */
  changes: (before: T | undefined, after: T) => SchemaChange[];
}

/** Tools and prompts by name, resources by URI, templates by URI template (MCP 2025-11-25 server/resources). */
export const PART_RULES: { readonly [P in PinPart]: PartRules<PinnedItems[P]> } = {
  tools: { kind: 'tool', key: (t) => t.name, digest: toolDigest, changes: toolChanges },
  prompts: { kind: 'prompt', key: (p) => p.name, digest: promptDigest, changes: promptChanges },
  resources: { kind: 'resource', key: (r) => r.uri, digest: resourceDigest, changes: resourceChanges },
  templates: { kind: 'resourceTemplate', key: (t) => t.uriTemplate, digest: templateDigest, changes: resourceChanges },
};

export const PIN_PARTS: readonly PinPart[] = ['tools', 'prompts', 'resources', 'templates'];

export const PART_OF_KIND: Readonly<Record<PinKind, PinPart>> = { tool: 'tools', prompt: 'prompts', resource: 'resources', resourceTemplate: 'templates' };
