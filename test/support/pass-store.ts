import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real `pass` store for tests: its own GnuPG home (a fresh key, made in batch mode) and its own
 * store folder, both in a temp folder, so nothing of the machine's is read or changed. `locked`: the
 * key has a passphrase and gpg-agent has no way to ask for it (pinentry-program /bin/false), as a
 * key not unlocked in this session is.
 */
export interface PassFixture {
  env: { GNUPGHOME: string; PASSWORD_STORE_DIR: string };
  insert(path: string, value: string): void;
  /** Stops the gpg-agent this store started (by its home, with gpgconf). */
  close(): void;
}

export function assertPassInstalled(): void {
  try {
    execFileSync('pass', ['version'], { stdio: 'ignore' });
    execFileSync('gpg', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('The pass store tests need pass and gpg (Debian packages pass, gnupg). Run `npm run test:setup`.');
  }
}

export function makePassStore(options: { locked?: boolean } = {}): PassFixture {
  assertPassInstalled();
  const root = mkdtempSync(join(tmpdir(), 'cs-pass-'));
  const env = { GNUPGHOME: join(root, 'gnupg'), PASSWORD_STORE_DIR: join(root, 'store') };
  mkdirSync(env.GNUPGHOME, { mode: 0o700 });
  const run = (command: string, args: string[], input?: string): string =>
    execFileSync(command, args, { env: { ...process.env, ...env }, input: input ?? '', encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], timeout: 30_000 });
  const passphrase = options.locked ? 'a passphrase no one types' : '';
  run('gpg', ['--batch', '--pinentry-mode', 'loopback', '--passphrase', passphrase, '--quick-gen-key', 'Connected Services Test <pass-test@example.test>', 'default', 'default', 'never']);
  const fingerprint = /^fpr:+([0-9A-F]+):/m.exec(run('gpg', ['--list-keys', '--with-colons']))?.[1];
  if (fingerprint === undefined) throw new Error('gpg made no key');
  run('pass', ['init', fingerprint]);
  if (options.locked) {
    // The agent forgets nothing it was told in loopback mode unless restarted: restart it unable to ask.
    run('gpgconf', ['--kill', 'gpg-agent']);
    writeFileSync(join(env.GNUPGHOME, 'gpg-agent.conf'), 'pinentry-program /bin/false\n');
  }
  return {
    env,
    insert: (path, value) => void run('pass', ['insert', '--multiline', '--force', path], `${value}\nsecond line: not the secret\n`),
    close: () => {
      try {
        run('gpgconf', ['--kill', 'gpg-agent']);
      } catch {
        // Already gone.
      }
    },
  };
}
