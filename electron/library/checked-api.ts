import { API_METHODS, parseApiInput, type ApiMethod, type AppApi } from '../../shared/api';

/**
 * The App API with every input parsed by its schema first, as the app's transports do (electron/app/
 * api/dispatch.ts): a program's values reach the core only checked, in this process as through an app.
 */
export function checkedApi(api: AppApi): AppApi {
  const out: Record<string, unknown> = { on: api.on.bind(api) };
  for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
    out[method] = async (input: unknown) => (api[method] as (input: unknown) => Promise<unknown>)(parseApiInput(method, input));
  }
  return out as unknown as AppApi;
}
