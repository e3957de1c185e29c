import { readRuntimeFile, type RuntimeInfo } from '../lifecycle/runtime-file';
import { appAnswering, type LiveAppOptions } from '../lifecycle/start-lock';

/** One look at runtime.json, for every check of one `doctor` that needs it. */
export interface AppProbe {
  /** The app runtime.json names whose process lives, answering or not: the port checks report on it. */
  written: RuntimeInfo | undefined;
  /** The same app when it answered (findLiveApp): doctor goes through it. */
  live: RuntimeInfo | undefined;
}

/** Reads runtime.json once and asks the app it names whether it answers. */
export async function probeApp(dataDir: string, options: LiveAppOptions = {}): Promise<AppProbe> {
  const written = await readRuntimeFile(dataDir);
  return { written, live: await appAnswering(written, options) };
}
