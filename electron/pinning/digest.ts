import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/config';
import type { PromptInfo, ToolInfo } from '../../shared/api';

/** What a pin covers of a tool: everything an agent's model reads of it (the server's name aside). */
export function toolMaterial(tool: ToolInfo): Record<string, unknown> {
  return {
    name: tool.name,
    title: tool.title ?? null,
    description: tool.description ?? null,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema ?? null,
    annotations: tool.annotations ?? null,
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
