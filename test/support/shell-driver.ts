import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './cli';
import { tsEntry } from './ts-entry';

/** The bundled desktop main process (`npm run build`). */
export const SHELL_MAIN = path.join(ROOT, 'dist', 'shell-main.mjs');

/**
 * Runs a driver (`test/integration/*-driver.ts`) against the bundled main on the stand-in `electron`
 * (shell-electron-stub.mjs), its data folder `home`, `env` added, `args` on the app's command line;
 * the JSON it printed and its stderr.
 */
export async function runShellDriver(driver: string, home: string, env: Record<string, string>, args: string[] = []): Promise<{ printed: Record<string, unknown>; stderr: string }> {
  const child = spawn(process.execPath, [...tsEntry(driver), SHELL_MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, STUB_APP_PATH: ROOT, CONNECTED_SERVICES_HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the driver exited with ${String(code)}:\n${stderr}`);
  return { printed: JSON.parse(stdout) as Record<string, unknown>, stderr };
}
