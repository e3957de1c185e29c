import path from 'node:path';
import { z } from 'zod';
import { ownRecord } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { readTextFile } from '../fs-safe';

const MAX_MANIFEST_BYTES = 1024 * 1024;
const text = (max: number) => z.string().max(max);

/** The part of an MCPB manifest.json (manifest_version 0.2/0.3) that says how the server runs: `server.mcp_config`. */
const ManifestSchema = z.object({
  name: text(200),
  version: text(100),
  server: z.object({
    type: text(50).optional(),
    entry_point: text(1000).optional(),
    mcp_config: z.object({
      command: z.string().min(1).max(1000),
      args: z.array(text(4000)).max(256).optional(),
      env: ownRecord(text(200), text(4000)).optional(),
    }),
  }),
});
export type BundleManifest = z.infer<typeof ManifestSchema>;

/** How an unpacked bundle runs: what its manifest says, with `${__dirname}` filled in. */
export interface BundleCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The unpacked folder, the program's working folder: a path the manifest writes relative (`server/index.js`) is the bundle's. */
  cwd: string;
}

export async function readManifest(dir: string): Promise<BundleManifest> {
  let raw: string;
  try {
    raw = await readTextFile(path.join(dir, 'manifest.json'), MAX_MANIFEST_BYTES);
  } catch {
    throw new CodedError('invalid_input', 'The bundle has no readable manifest.json at its root; it is not installed.');
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new CodedError('invalid_input', 'The bundle\'s manifest.json is not JSON; it is not installed.');
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new CodedError('invalid_input', 'The bundle\'s manifest.json has no server.mcp_config (command, args, env); it is not installed.');
  return parsed.data;
}

/**
 * One manifest string with the MCPB variables this computer knows: `${__dirname}` (the unpacked
 * folder) and `${pathSeparator}` / `${/}`. Any other `${…}` (user_config, HOME, …) is refused: mcp.json
 * reads `${` as its own references, so it must never pass through unread.
 */
function substitute(value: string, dir: string): string {
  const out = value.replace(/\$\{(__dirname|pathSeparator|\/)\}/g, (_whole, name: string) => (name === '__dirname' ? dir : path.sep));
  if (out.includes('${')) {
    throw new CodedError('invalid_input', `The bundle's manifest uses ${JSON.stringify(/\$\{[^}]*\}?/.exec(out)?.[0] ?? '${')}, which is not supported here; it is not installed.`, {
      hint: 'Pick another package of this server, or a remote, if it has one.',
    });
  }
  return out;
}

/**
 * The command of `server.mcp_config`, variables filled in, as argv (it is spawned without a shell),
 * run in the bundle's folder. The MCPB manifest spec's own examples write paths inside the bundle
 * relative (`"args": ["server/index.js"]`, `"command": "server/my-server"`): run from wherever `serve`
 * started, `node evil.js` would run a file of that folder (a cloned project's) under the approval of
 * the bundle. A command that is a relative path is made absolute inside the bundle as well.
 */
export function bundleCommand(manifest: BundleManifest, dir: string): BundleCommand {
  const config = manifest.server.mcp_config;
  const env: Record<string, string> = {};
  // Defined, not assigned: a variable named `__proto__` stays a variable, as ownRecord read it.
  for (const [name, value] of Object.entries(config.env ?? {})) Object.defineProperty(env, name, { value: substitute(value, dir), enumerable: true, writable: true, configurable: true });
  const command = substitute(config.command, dir);
  const inBundle = /[\\/]/.test(command) && !path.isAbsolute(command) ? path.join(dir, command) : command;
  return { command: inBundle, args: (config.args ?? []).map((arg) => substitute(arg, dir)), env, cwd: dir };
}
