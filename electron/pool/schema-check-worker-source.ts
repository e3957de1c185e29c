/**
 * The thread that checks a value against a server's JSON Schema (bounded-schema-validator.ts), as
 * source run with `eval`: one file for the CLI, the library, the desktop app and the tests, none of
 * which bundles a worker entry of its own. CommonJS, with the SDK's Ajv provider at the path it is given.
 *
 * Each request on its port: `{ id, schema?, value }` (the schema once per thread); each answer the
 * SDK validator's verdict, then `done` set to 1 and notified, which the waiting thread reads.
 */
export const SCHEMA_CHECK_WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { AjvJsonSchemaValidator } = require(workerData.ajv);
const provider = new AjvJsonSchemaValidator();
const compiled = new Map();
const signal = new Int32Array(workerData.signal);
const port = workerData.port;
port.on('message', (request) => {
  let answer;
  try {
    if (request.schema !== undefined) compiled.set(request.id, provider.getValidator(request.schema));
    const check = compiled.get(request.id);
    const verdict = check(request.value);
    answer = { valid: verdict.valid, errorMessage: verdict.errorMessage };
  } catch (error) {
    answer = { valid: false, errorMessage: 'Failed to validate structured content: ' + (error && error.message ? error.message : String(error)) };
  }
  port.postMessage(answer);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
Atomics.store(signal, 1, 1);
Atomics.notify(signal, 1);
`;
