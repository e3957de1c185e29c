import type { CoreEnv } from '../../../shared/core-env';
import { join } from 'node:path';
import { redact } from '../../../shared/redact';
import { serverEntry } from '../../../shared/config';
import { ToolPins, type PinEvent } from '../../pinning';
import type { Registry } from '../../registry';
import type { AdminLog } from '../admin/admin-log';
import type { EventHub } from '../api/event-hub';

/** The pins of `<dataDir>/pins`, each server's `pinning.acceptNewTools` read from mcp.json at each listing. */
export function openToolPins(core: CoreEnv, registry: Registry): ToolPins {
  return new ToolPins({
    ...core,
    dir: join(core.dataDir, 'pins'),
    acceptNew: (server) => serverEntry(registry.config(), server)?.pinning?.acceptNewTools === true,
  });
}

const SAID: Record<PinEvent['outcome'], string> = {
  pinned: 'pinned at first listing',
  'auto-accepted': 'accepted without review (pinning.acceptNewTools)',
  removed: 'removed by the server',
};

function summaryOf(event: PinEvent): string {
  const names = [
    ...event.tools.map((t) => `tool ${t}`),
    ...event.prompts.map((p) => `prompt ${p}`),
    ...event.resources.map((r) => `resource ${r}`),
    ...event.templates.map((t) => `resource template ${t}`),
  ];
  const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more` : names.join(', ');
  return redact(`${event.server}: ${shown} ${SAID[event.outcome]}`);
}

/** What waits → the UI (`heldChanged`); what a listing did without the person → the admin audit log. */
export function forwardPinEvents(pins: ToolPins, admin: AdminLog, events: EventHub): Array<() => void> {
  return [
    pins.on('held', (payload) => events.emit('heldChanged', payload)),
    pins.on('decided', (event) => {
      admin.record({ who: 'core', method: 'pinTools', summary: summaryOf(event), input: { server: event.server, outcome: event.outcome, tools: event.tools, prompts: event.prompts, resources: event.resources, templates: event.templates }, outcome: 'ok' });
    }),
  ];
}
