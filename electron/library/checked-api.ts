import { API_METHODS, type ApiMethod, type AppApi } from '../../shared/api';
import { CodedError } from '../../shared/errors';

/** One line naming each field that is wrong, as the App API's transports say it. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  return issues.map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/**
 * The App API with every input parsed by its schema first, as the app's transports do (electron/app/
 * dispatch.ts): a program's values reach the core only checked, in this process as through an app.
 */
export function checkedApi(api: AppApi): AppApi {
  const out: Record<string, unknown> = { on: api.on.bind(api) };
  for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
    out[method] = (input: unknown) => {
      const parsed = API_METHODS[method].input.safeParse(input ?? {});
      if (!parsed.success) {
        return Promise.reject(new CodedError('invalid_input', `Invalid input for ${method}: ${describeIssues(parsed.error.issues)}`));
      }
      return (api[method] as (input: unknown) => Promise<unknown>)(parsed.data);
    };
  }
  return out as unknown as AppApi;
}
