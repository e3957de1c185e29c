// One step of shell-keychain.test.ts, run inside a D-Bus session with gnome-keyring
// (test/support/secret-service.ts). Usage: shell-keychain-session.ts <helper.cjs>. Prints one JSON line.
//
// Electron's utilityProcess is not available outside Electron, so the helper runs in a Node child
// whose `process.parentPort` is a shim over Node's IPC channel: the same message in, reply out.
import { fork, type ChildProcess } from 'node:child_process';
import { createUtilityKeychainRunner, type ForkUtility, type UtilityChild } from '../../electron/shell/keychain/keychain-runner';

const [helper] = process.argv.slice(2);
if (!helper) throw new Error('usage: shell-keychain-session.ts <helper.cjs>');

const PARENT_PORT_SHIM = `data:text/javascript,${encodeURIComponent(`
process.parentPort = {
  on(event, listener) { process.on('message', (data) => listener({ data, ports: [] })); return this; },
  once(event, listener) { process.once('message', (data) => listener({ data, ports: [] })); return this; },
  postMessage(message) { process.send(message); },
};`)}`;

class NodeUtilityChild implements UtilityChild {
  readonly #child: ChildProcess;
  constructor(child: ChildProcess) {
    this.#child = child;
  }
  postMessage(message: unknown): void {
    this.#child.send(message as object);
  }
  on(_event: 'message', listener: (message: unknown) => void): this {
    this.#child.on('message', listener);
    return this;
  }
  once(event: 'spawn', listener: () => void): this;
  once(event: 'exit', listener: (code: number) => void): this;
  once(event: 'spawn' | 'exit', listener: ((code: number) => void) | (() => void)): this {
    if (event === 'spawn') this.#child.once('spawn', listener);
    else this.#child.once('exit', (code) => listener(code ?? -1));
    return this;
  }
  kill(): boolean {
    return this.#child.kill('SIGKILL');
  }
}

const nodeFork: ForkUtility = (modulePath, { env }) =>
  new NodeUtilityChild(fork(modulePath, [], { env, execArgv: ['--import', PARENT_PORT_SHIM], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));

const run = createUtilityKeychainRunner({ fork: nodeFork, entryPath: helper, env: process.env });
const signal = () => AbortSignal.timeout(10_000);
const service = 'connected-services-shell-test';
const account = `vault-key-shell-${process.pid}`;

const out = {
  set: await run({ op: 'set', service, account, value: 'c2hlbGwta2V5Y2hhaW4tdGVzdA==' }, signal()),
  get: await run({ op: 'get', service, account }, signal()),
  delete: await run({ op: 'delete', service, account }, signal()),
  after: await run({ op: 'get', service, account }, signal()),
};
process.stdout.write(`${JSON.stringify(out)}\n`);
