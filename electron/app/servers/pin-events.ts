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

const SHOWN = 8;
const KINDS = [
  ['tools', 'tool', 'tools'],
  ['prompts', 'prompt', 'prompts'],
  ['resources', 'resource', 'resources'],
  ['templates', 'resource template', 'resource templates'],
] as const;

/** The first SHOWN names, the rest counted by kind: "and 22 more" alone left the person to guess of what. */
export function pinSummary(event: PinEvent): string {
  const named = KINDS.flatMap(([kind, one]) => event[kind].map((name) => ({ kind, text: `${one} ${name}` })));
  const rest = named.slice(SHOWN);
  const counts = KINDS.map(([kind, one, many]) => {
    const count = rest.filter((n) => n.kind === kind).length;
    return count === 0 ? '' : `${count} ${count === 1 ? one : many}`;
  }).filter((c) => c !== '');
  const shown = named.slice(0, SHOWN).map((n) => n.text).join(', ');
  const more = rest.length === 0 ? '' : ` and ${rest.length} more (${counts.join(', ')})`;
  return redact(`${event.server}: ${shown}${more} ${SAID[event.outcome]}`);
}

/** What waits → the UI (`heldChanged`); what a listing did without the person → the admin audit log. */
export function forwardPinEvents(pins: ToolPins, admin: AdminLog, events: EventHub): Array<() => void> {
  return [
    pins.on('held', (payload) => events.emit('heldChanged', payload)),
    pins.on('decided', (event) => {
      admin.record({ who: 'core', method: 'pinTools', summary: pinSummary(event), input: { server: event.server, outcome: event.outcome, tools: event.tools, prompts: event.prompts, resources: event.resources, templates: event.templates }, outcome: 'ok' });
    }),
  ];
}
