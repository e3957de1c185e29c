import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/config';
import type { PromptInfo, ResourceInfo, ResourceTemplateInfo, ToolInfo } from '../../shared/api';

/**
 * What a pin covers of a tool: everything an agent's model reads of it (the server's name aside), and
 * its MCP App (`_meta.ui`: which resource a host shows, who may call the tool), since a new address
 * or visibility changes what runs in a host as much as a new description does.
 */
export function toolMaterial(tool: ToolInfo): Record<string, unknown> {
  return {
    name: tool.name,
    title: tool.title ?? null,
    description: tool.description ?? null,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema ?? null,
    annotations: tool.annotations ?? null,
    // Only when it has one: the digests of tools without an app stay those already pinned.
    ...(tool.app !== undefined ? { app: { resourceUri: tool.app.resourceUri ?? null, visibility: [...tool.app.visibility].sort() } } : {}),
  };
}

export function promptMaterial(prompt: PromptInfo): Record<string, unknown> {
  return { name: prompt.name, description: prompt.description ?? null, arguments: prompt.arguments ?? [] };
}

/** What an agent's model reads of a resource as listed (MCP 2025-11-25 server/resources §Resource). */
export function resourceMaterial(resource: ResourceInfo): Record<string, unknown> {
  return { uri: resource.uri, name: resource.name, description: resource.description ?? null, mimeType: resource.mimeType ?? null };
}

export function templateMaterial(template: ResourceTemplateInfo): Record<string, unknown> {
  return { uriTemplate: template.uriTemplate, name: template.name, description: template.description ?? null, mimeType: template.mimeType ?? null };
}

/** SHA-256 of the canonical JSON (keys sorted), so key order on the wire never reads as a change. */
export function digestOf(material: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

/**
 * Each definition object is hashed once: the pins review a server's listing when it is loaded or
 * fetched and again at every listing, and an inventory is replaced whole, never changed in place
 * (a changed tool is a new object, hashed afresh; docs/how-it-is-built.md). Weak, so a dropped
 * inventory takes its digests.
 */
function onceEach<T extends object>(digest: (item: T) => string): (item: T) => string {
  const known = new WeakMap<T, string>();
  return (item) => {
    let found = known.get(item);
    if (found === undefined) {
      found = digest(item);
      known.set(item, found);
    }
    return found;
  };
}

export const toolDigest = onceEach((tool: ToolInfo): string => digestOf(toolMaterial(tool)));
export const promptDigest = onceEach((prompt: PromptInfo): string => digestOf(promptMaterial(prompt)));
export const resourceDigest = onceEach((resource: ResourceInfo): string => digestOf(resourceMaterial(resource)));
export const templateDigest = onceEach((template: ResourceTemplateInfo): string => digestOf(templateMaterial(template)));
