import { watch as fsWatch, type FSWatcher } from 'node:fs';
import { errorMessage } from '../../shared/errors';

export interface DirWatcherOptions {
  dir: string;
  /** File names inside `dir` to report; other names are ignored. */
  names: readonly string[];
  debounceMs: number;
  /** Called once per quiet period per name. */
  onChange: (name: string) => void;
  log: (line: string) => void;
  /** After the watch fails (folder removed, too many watchers), how long before trying again. */
  retryMs?: number;
}

export interface DirWatcher {
  close(): void;
}

/**
 * Watches a folder, not the file: editors and atomic writes replace files by rename, which ends a
 * watch on the file itself. Events are debounced per name; a failed watch is re-created.
 */
export function watchDirectory(options: DirWatcherOptions): DirWatcher {
  const timers = new Map<string, NodeJS.Timeout>();
  let watcher: FSWatcher | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const schedule = (name: string): void => {
    if (closed) return;
    clearTimeout(timers.get(name));
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name);
        if (!closed) options.onChange(name);
      }, options.debounceMs),
    );
  };

  const start = (): void => {
    if (closed) return;
    try {
      // Not what keeps a process running (serve's servers do, the app's window, a program's own work):
      // a program that forgot close() still exits when it is done.
      watcher = fsWatch(options.dir, { persistent: false }, (_event, filename) => {
        // Some platforms don't say which file changed: check them all.
        if (filename === null) options.names.forEach(schedule);
        else if (options.names.includes(filename)) schedule(filename);
      });
      watcher.on('error', (error) => {
        options.log(`watching ${options.dir} failed: ${error.message}; retrying`);
        restart();
      });
    } catch (error) {
      options.log(`cannot watch ${options.dir}: ${errorMessage(error)}; retrying`);
      restart();
    }
  };

  const restart = (): void => {
    watcher?.close();
    watcher = undefined;
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      start();
      // Whatever happened while we were blind is picked up now.
      if (watcher) options.names.forEach(schedule);
    }, options.retryMs ?? 1000);
    retry.unref();
  };

  start();
  return {
    close(): void {
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      watcher?.close();
      watcher = undefined;
    },
  };
}
