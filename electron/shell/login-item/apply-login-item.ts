import { app } from 'electron';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoginItemPlan } from './login-item';

/** Carries out a login-item plan: the OS login items, or the XDG autostart file. */
export async function applyLoginItem(plan: LoginItemPlan): Promise<void> {
  if (plan.kind === 'electron') {
    app.setLoginItemSettings(plan.settings);
    return;
  }
  if (plan.content === null) {
    await rm(plan.file, { force: true });
    return;
  }
  await mkdir(path.dirname(plan.file), { recursive: true });
  await writeFile(plan.file, plan.content, { mode: 0o644 });
}
