import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { SERVER_NAME } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { fsFailure, readRegularFile, writeFileAtomic } from '../../fs-safe';
import { APP_PERMISSIONS, type AppPermission } from '../../mcp-apps';

/** `app-permissions/<server>.json`: what the person allowed that server's apps (SEP-1865 §permissions). */
const GrantFileSchema = z.strictObject({
  version: z.literal(1),
  allowed: z.array(z.enum(APP_PERMISSIONS as [AppPermission, ...AppPermission[]])).max(APP_PERMISSIONS.length),
});

export const APP_GRANTS_DIR = 'app-permissions';

/**
 * What the person allowed each server's apps (camera, microphone, geolocation, clipboard): nothing
 * until they allow it once for that server, kept in a small file per server in the data folder and
 * taken back by revoking. A file that is not ours (bad JSON, unknown fields) counts as nothing allowed.
 */
export class AppGrants {
  readonly #dir: string;

  constructor(dataDir: string) {
    this.#dir = join(dataDir, APP_GRANTS_DIR);
  }

  #file(server: string): string {
    if (!SERVER_NAME.test(server)) throw new CodedError('invalid_input', `"${server}" is not a server name`);
    return join(this.#dir, `${server}.json`);
  }

  async allowed(server: string): Promise<Set<AppPermission>> {
    const read = await readRegularFile(this.#file(server), 4096);
    if (!('bytes' in read)) return new Set();
    try {
      return new Set(GrantFileSchema.parse(JSON.parse(read.bytes.toString('utf8'))).allowed);
    } catch {
      return new Set();
    }
  }

  /** Replaces what the server's apps are allowed; an empty list removes its file. */
  async set(server: string, allowed: readonly AppPermission[]): Promise<void> {
    const file = this.#file(server);
    const kept = APP_PERMISSIONS.filter((p) => allowed.includes(p));
    if (kept.length === 0) {
      await rm(file, { force: true });
      return;
    }
    try {
      await mkdir(this.#dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(file, `${JSON.stringify({ version: 1, allowed: kept })}\n`);
    } catch (error) {
      throw fsFailure(error, 'write', file);
    }
  }
}
