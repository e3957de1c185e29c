/** Types of bundle-stamp.mjs (plain ESM so that build/bundle.mjs can import it). */
export declare function stampPath(root: string): string;
export declare function bundleInputsHash(root: string): string;
export declare function bundleIsFresh(root: string): boolean;
export declare function dropStamp(root: string): void;
export declare function writeStamp(root: string, hash: string): void;
