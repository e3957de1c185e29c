import path from 'node:path';

export interface ShellPaths {
  rendererRoot: string;
  preload: string;
  passphrasePreload: string;
  keychainHelper: string;
  /** Chromium's profile (cache, local storage), inside the data folder so each data folder is its own app instance. */
  userData: string;
}

/** Where the built files are inside the app (a folder, or app.asar when packaged), and Chromium's profile. */
export function shellPaths(appPath: string, dataDir: string): ShellPaths {
  const dist = path.join(appPath, 'dist');
  return {
    rendererRoot: path.join(dist, 'renderer'),
    preload: path.join(dist, 'shell-preload.cjs'),
    passphrasePreload: path.join(dist, 'shell-passphrase-preload.cjs'),
    keychainHelper: path.join(dist, 'shell-keychain.cjs'),
    userData: path.join(dataDir, 'desktop'),
  };
}
