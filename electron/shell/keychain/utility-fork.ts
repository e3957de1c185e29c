import { utilityProcess } from 'electron';
import type { ForkUtility } from './keychain-runner';

/**
 * Forks the keychain helper as an Electron utility process (works with the RunAsNode fuse off, and
 * from inside app.asar, whose unpacked @napi-rs/keyring native file it loads).
 */
export const utilityFork: ForkUtility = (modulePath, options) =>
  utilityProcess.fork(modulePath, [], { env: options.env, serviceName: options.serviceName, stdio: 'ignore' });
