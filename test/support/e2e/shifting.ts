import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HeldChange } from '../../../shared/api';
import { shiftingServer } from '../../fixtures/servers/config';
import { waitFor } from '../server-harness';
import type { UiSession } from './ui-session';

/**
 * `shifting` (shifting-server.ts) added to the session's core, approved, connected and listed once
 * (its pins written), then moved to its next stage: its tools change after approval, and the core
 * holds those changes for the person (4 of them) before this returns.
 */
export async function addShiftedServer(ui: Pick<UiSession, 'api' | 'home'>, timeoutMs = 30_000): Promise<void> {
  const stageFile = join(ui.home, '..', 'stage');
  writeFileSync(stageFile, '1');
  await ui.api('addServer', { name: 'shifting', config: shiftingServer(stageFile) });
  await ui.api('approveServer', { name: 'shifting' });
  await ui.api('connect', { name: 'shifting' });
  await ui.api('listTools', { server: 'shifting' });
  await ui.api('callTool', { server: 'shifting', tool: 'shift' });
  await waitFor('the shifted listing held', async () => ((await ui.api<HeldChange[]>('listHeldChanges', { server: 'shifting' })).length >= 4 ? true : undefined), timeoutMs);
}
