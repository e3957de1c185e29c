/** Where a server declared in code is changed: the program's code, never mcp.json (registry/code-servers.ts). */
export const CODE_ENTRY = 'the servers given to openConnectedServices';

/** Whether a server was declared in code (the registry's `fromCode`); absent: every server is the file's. */
export type FromCode = ((name: string) => boolean) | undefined;

/** A fix for a server declared in code: where it names mcp.json, it names the entry in code instead. */
export function inCode(fix: string): string {
  return fix.replace(/\bin mcp\.json\b/g, `in ${CODE_ENTRY}`);
}
