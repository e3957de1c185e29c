import type { jsonSchemaValidator } from '@modelcontextprotocol/server';
import type { InputMethod } from './input-rounds';
import type { ModernSdk } from './server-sdk';

let ajv: Promise<jsonSchemaValidator> | undefined;

/** The v2 SDK's Ajv validator, loaded on the first retry (the same one SDK 1.x sessions check form answers with). */
export function loadFormValidator(): Promise<jsonSchemaValidator> {
  ajv ??= import('@modelcontextprotocol/server/validators/ajv').then(({ AjvJsonSchemaValidator }) => new AjvJsonSchemaValidator());
  return ajv;
}

/**
 * Judges an agent's answer to one of the server's requests: `true` it goes to the server, `false` it
 * is asked again (not an answer of that kind: MCP 2026-07-28 mrtr §Error Handling), a reason when an
 * accepted form does not fit the schema the server asked with (as a 2025-era session refuses it).
 */
export function judgeAnswer(sdk: ModernSdk, forms: jsonSchemaValidator, method: InputMethod, value: unknown, params: Record<string, unknown> | undefined): boolean | string {
  if (method === 'sampling/createMessage') return sdk.isSpecType.CreateMessageResult(value) || sdk.isSpecType.CreateMessageResultWithTools(value);
  if (method === 'roots/list') return sdk.isSpecType.ListRootsResult(value);
  if (!sdk.isSpecType.ElicitResult(value)) return false;
  const schema = params?.['requestedSchema'];
  if (value.action !== 'accept' || params?.['mode'] === 'url' || typeof schema !== 'object' || schema === null) return true;
  const checked = forms.getValidator(schema)(value.content ?? {});
  return checked.valid ? true : `the answer does not match requested schema: ${checked.errorMessage}`;
}
