import path from 'node:path';
import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import { watchDirectory, type DirWatcher } from './dir-watcher';

/** Symlink loops end here, as in the kernel's own limit (ELOOP). */
const MAX_LINKS = 40;

/**
 * Where a path finally points. A link whose target does not exist (yet) is followed by hand, so the
 * folder it will appear in can be watched.
 */
export async function resolveLink(file: string): Promise<string> {
  let current = file;
  for (let hops = 0; hops < MAX_LINKS; hops += 1) {
    try {
      return await realpath(current);
    } catch {
      // Missing somewhere along the way: follow the next link ourselves.
    }
    const stats = await lstat(current).catch(() => undefined);
    if (!stats?.isSymbolicLink()) break;
    current = path.resolve(path.dirname(current), await readlink(current));
  }
  const dir = await realpath(path.dirname(current)).catch(() => path.dirname(current));
  return path.join(dir, path.basename(current));
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}

export interface LinkTargetWatcherOptions {
  /** The file as the app names it (mcp.json in the data folder); it may be a symlink. */
  file: string;
  debounceMs: number;
  /** The target changed, or is newly watched (changes made before the watch began are caught up). */
  onChange: () => void;
  log: (line: string) => void;
}

/**
 * A symlinked mcp.json (dotfiles) is edited at its target, which the data folder's watcher never
 * sees. This watches the target's folder too; `update()` re-resolves the link after each change.
 */
export class LinkTargetWatcher {
  readonly #options: LinkTargetWatcherOptions;
  #watched: { target: string; watcher: DirWatcher } | undefined;
  #work: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: LinkTargetWatcherOptions) {
    this.#options = options;
  }

  /** Updates run one at a time, so the last resolution wins. */
  update(): Promise<void> {
    this.#work = this.#work
      .then(() => this.#update())
      .catch((error: unknown) => this.#options.log(`following the link ${this.#options.file} failed: ${String(error)}`));
    return this.#work;
  }

  async #update(): Promise<void> {
    const { file } = this.#options;
    const [target, ownDir] = await Promise.all([
      resolveLink(file),
      realpath(path.dirname(file)).catch(() => path.dirname(file)),
    ]);
    // A plain file (or a link within the same name) is already seen by the data folder's watcher.
    const needed = target !== path.join(ownDir, path.basename(file));
    if (this.#closed || (needed && this.#watched?.target === target)) return;
    this.#watched?.watcher.close();
    this.#watched = undefined;
    const dir = path.dirname(target);
    if (!needed || !(await isDirectory(dir)) || this.#closed) return;
    const name = path.basename(target);
    const watcher = watchDirectory({
      dir,
      names: [name],
      debounceMs: this.#options.debounceMs,
      log: this.#options.log,
      onChange: () => this.#options.onChange(),
    });
    this.#watched = { target, watcher };
    this.#options.onChange();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#watched?.watcher.close();
    this.#watched = undefined;
  }
}
