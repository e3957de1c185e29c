import { isAbsolute } from 'node:path';
import type { ApiInput } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import type { ImportOptions, Registry } from '../../registry';

/** A relative path would be read against the core's own working folder, not the caller's; `~/` is the same home for both. */
export function refuseRelativeImportPath(path: string | undefined): void {
  if (path !== undefined && path !== '' && !isAbsolute(path) && !/^~(?:$|[/\\])/.test(path)) {
    throw new CodedError('invalid_input', `The import path "${path.slice(0, 200)}" is relative; the core reads it from its own working folder, not yours, so nothing was imported`, {
      hint: 'Give an absolute path (the CLI and the library resolve theirs against your working folder).',
    });
  }
}

/** What the app's running bridge tells an import: entries calling it, or sending one of its agents' tokens, are not services. */
export interface OwnBridge {
  urls: () => string[];
  tokenAgent: (token: string) => string | undefined;
}

/** The import's options that leave out the app's own bridge entries, the same for the check and the import. */
export function ownBridgeOptions(own: OwnBridge | undefined): ImportOptions {
  return { ownBridgeUrls: own?.urls() ?? [], ...(own ? { tokenAgent: own.tokenAgent } : {}) };
}

/**
 * What `importConfig` would refuse before writing (a relative path, a file it cannot read, mcp.json's total),
 * said without writing; counting as the import does, without the entries of the app's own bridge.
 */
export function importRefusal(registry: Pick<Registry, 'checkImport'>, own?: OwnBridge): (input: ApiInput<'importConfig'>) => Promise<void> {
  return async ({ source, path }) => {
    refuseRelativeImportPath(path);
    await registry.checkImport(source, path, ownBridgeOptions(own));
  };
}
