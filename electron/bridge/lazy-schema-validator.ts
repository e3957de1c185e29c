import type { jsonSchemaValidator } from '@modelcontextprotocol/server';

/**
 * A JSON Schema validator made on its first use. The SDK's Server builds an Ajv instance in its
 * constructor (~0.4 ms, its meta-schemas and vocabularies), and the bridge makes one Server per agent
 * session; only a form elicitation's answer is ever validated with it.
 */
export function lazySchemaValidator(make: () => jsonSchemaValidator): jsonSchemaValidator {
  let made: jsonSchemaValidator | undefined;
  return {
    getValidator: (schema) => {
      made ??= make();
      return made.getValidator(schema);
    },
  };
}
