/** Types of main-bundles.mjs (plain ESM so that build/bundle.mjs can import it). */
import type { BuildOptions } from 'esbuild';

export declare function shellMainOptions<T extends BuildOptions>(common: T): T & { entryPoints: string[]; outfile: string };
export declare function libraryOptions<T extends BuildOptions>(common: T): T & { entryPoints: string[]; outfile: string };
