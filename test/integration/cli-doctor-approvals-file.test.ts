import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// A broken approvals.json approves nothing: every server then waits for approval, and doctor says why
// instead of leaving the person to wonder where their approvals went.
describe('doctor with an approvals.json that is not valid JSON', () => {
  it('warns of the file, that it is ignored, and how to fix it', async () => {
    const home = tempHome('cs-doctor-approvals-');
    expect((await runCli(home, ['status'])).code).toBe(0); // the first run approves the demo servers
    writeFileSync(join(home, 'approvals.json'), '{bad');
    const doctor = await runCli(home, ['doctor']);
    expect(doctor.stdout).toContain(`warn  Approvals file: ${join(home, 'approvals.json')} is not valid JSON: it is ignored, so every command waits for your approval again`);
    expect(doctor.stdout).toContain('connected-services servers approve NAME');
    expect(doctor.stdout).toContain('Server memory: its command is waiting for your approval');
  }, 60_000);

  it('status and servers list say it too, where every server now shows "pending approval"', async () => {
    const home = tempHome('cs-status-approvals-');
    expect((await runCli(home, ['status'])).code).toBe(0);
    writeFileSync(join(home, 'approvals.json'), '{bad');
    const warning = `warning: ${join(home, 'approvals.json')} is not valid JSON: it is ignored, so every command waits for your approval again.`;
    const status = await runCli(home, ['status']);
    expect(status.stderr).toContain(warning);
    const listed = await runCli(home, ['servers', 'list']);
    expect(listed.stdout).toMatch(/pending approval/);
    expect(listed.stderr).toContain(warning);
    expect(listed.stderr).toContain('connected-services servers approve NAME');
    // In JSON, a field a script can read.
    const json = JSON.parse((await runCli(home, ['status', '--json'])).stdout) as { approvalsIgnored?: { reason: string } };
    expect(json.approvalsIgnored?.reason).toBe('not valid JSON');
  }, 60_000);
});
