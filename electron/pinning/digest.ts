import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/config';
import type { PromptInfo, ToolInfo } from '../../shared/api';

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

/** SHA-256 of the canonical JSON (keys sorted), so key order on the wire never reads as a change. */
export function digestOf(material: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

export const toolDigest = (tool: ToolInfo): string => digestOf(toolMaterial(tool));
export const promptDigest = (prompt: PromptInfo): string => digestOf(promptMaterial(prompt));
