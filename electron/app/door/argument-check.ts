import type { jsonSchemaValidator } from '@modelcontextprotocol/server';

let ajv: Promise<jsonSchemaValidator> | undefined;

/**
 * Why `args` do not fit a tool's listed input schema, or undefined when they fit or the schema cannot
 * be compiled (the server is the judge then). The SDK's own Ajv validator, loaded on first use.
 */
export async function argumentMisfit(schema: unknown, args: Record<string, unknown>): Promise<string | undefined> {
  if (typeof schema !== 'object' || schema === null) return undefined;
  ajv ??= import('@modelcontextprotocol/server/validators/ajv').then(({ AjvJsonSchemaValidator }) => new AjvJsonSchemaValidator());
  let verdict: { valid: boolean; errorMessage?: string | undefined };
  try {
    verdict = (await ajv).getValidator(schema)(args);
  } catch {
    return undefined;
  }
  return verdict.valid ? undefined : (verdict.errorMessage ?? 'they do not match it');
}
