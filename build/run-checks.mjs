// Runs commands at once, each one's output printed whole under its name when it ends (so two
// outputs never interleave); resolves true when every one exited 0.
import { spawn } from 'node:child_process';

function runCheck({ name, label, command, args, cwd }, write) {
  return new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let ended = false;
    const end = (passed, why) => {
      if (ended) return;
      ended = true;
      const seconds = ((Date.now() - began) / 1000).toFixed(0);
      write(`\n> ${name}: ${label} (${passed ? 'passed' : `failed: ${why}`}, ${seconds} s)\n${output}`);
      resolve(passed);
    };
    child.once('error', (error) => end(false, error.message));
    child.once('close', (code, signal) => end(code === 0, `exit ${code ?? signal}`));
  });
}

export async function runChecks(checks, write = (text) => process.stdout.write(text)) {
  const passed = await Promise.all(checks.map((check) => runCheck(check, write)));
  return passed.every(Boolean);
}
