import { mkdirSync } from 'node:fs';
import { DATA_DIR_ENV, prepareHomeFolder, relativeHomeNote } from '../registry';

export interface DataFolderStart {
  /** The data folder as defaultDataDir resolved it from `env`. */
  dataDir: string;
  env: Record<string, string | undefined>;
  /** A packaged app writes no demo servers (shellCoreOptions), so its first run starts with none. */
  isPackaged: boolean;
  /** A line for the app's log. */
  note: (line: string) => void;
}

/**
 * The same folder as the CLI, created owner-only before Chromium puts its profile inside it. One
 * CONNECTED_SERVICES_HOME names follows the CLI's rule (prepareHomeFolder): a relative one is said
 * with the absolute folder it stands for, a new one is made only under a folder that exists and said
 * in the app's words; a typo or a file in the way throws, for the caller to show.
 * Synchronous: it runs before Electron is ready.
 */
export function prepareDataFolder({ dataDir, env, isPackaged, note }: DataFolderStart): void {
  const relative = relativeHomeNote(env[DATA_DIR_ENV]);
  if (relative !== undefined) note(relative);
  if (env[DATA_DIR_ENV]?.trim()) prepareHomeFolder(dataDir, note, DATA_DIR_ENV, { place: 'app', demo: !isPackaged });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}
