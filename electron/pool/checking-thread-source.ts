/**
 * The checking thread (checking-thread.ts), as source run with `eval`: one file for the CLI, the
 * library, the desktop app and the tests, none of which bundles a worker entry of its own. CommonJS,
 * with the SDK's modules at the paths it is given.
 *
 * Requests on its port: `{ kind: 'schema', id, schema?, value }` (the schema once per thread), answered
 * with the SDK validator's verdict; `{ kind: 'templates', templates, uri }`, answered with the indexes
 * of the URI templates the URI matches, the one being matched kept in slot 2 of the signal. Each
 * answer is followed by slot 0 set to 1 and notified, which the waiting thread reads.
 */
export const CHECKING_THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
const { AjvJsonSchemaValidator } = require(workerData.modules.ajv);
const { UriTemplate } = require(workerData.modules.client);
const provider = new AjvJsonSchemaValidator();
const compiled = new Map();
const signal = new Int32Array(workerData.signal);
const port = workerData.port;
function schemaVerdict(request) {
  try {
    if (request.schema !== undefined) compiled.set(request.id, provider.getValidator(request.schema));
    const verdict = compiled.get(request.id)(request.value);
    return { valid: verdict.valid, errorMessage: verdict.errorMessage };
  } catch (error) {
    return { valid: false, errorMessage: 'Failed to validate structured content: ' + (error && error.message ? error.message : String(error)) };
  }
}
function templatesMatching(request) {
  const matches = [];
  request.templates.forEach((text, index) => {
    Atomics.store(signal, 2, index);
    try {
      if (new UriTemplate(text).match(request.uri)) matches.push(index);
    } catch {}
  });
  return { matches };
}
port.on('message', (request) => {
  port.postMessage(request.kind === 'templates' ? templatesMatching(request) : schemaVerdict(request));
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
Atomics.store(signal, 1, 1);
Atomics.notify(signal, 1);
`;
