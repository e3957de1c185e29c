/** The fields of a server's entry (or of an edit's given part) whose references are resolved when it starts. */
export interface ReferenceFields {
  env?: Readonly<Record<string, string>> | undefined;
  args?: readonly string[] | undefined;
  url?: string | undefined;
  headers?: Readonly<Record<string, string>> | undefined;
  auth?: object | undefined;
}

/** The entry's strings resolved when it starts (resolve-server.ts, and the auth block's secrets), by field. */
export function referenceStrings(config: ReferenceFields): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  for (const [key, value] of Object.entries(config.env ?? {})) out.push([`env.${key}`, value]);
  for (const [index, value] of (config.args ?? []).entries()) out.push([`args[${index}]`, value]);
  if (config.url !== undefined) out.push(['url', config.url]);
  for (const [key, value] of Object.entries(config.headers ?? {})) out.push([`headers.${key}`, value]);
  const auth: Record<string, unknown> = { ...config.auth };
  for (const field of ['clientSecret', 'key']) {
    const value = auth[field];
    if (typeof value === 'string') out.push([`auth.${field}`, value]);
  }
  return out;
}
