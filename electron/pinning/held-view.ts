import type { HeldChange, PromptInfo, ToolInfo } from '../../shared/api';
import type { ServerPins } from './pin-file';
import type { PinState } from './pin-state';
import { promptChanges, toolChanges } from './schema-diff';
import { wordDiff } from './word-diff';

function changesOf<T extends { description?: string | undefined }>(
  server: string,
  kind: HeldChange['kind'],
  state: PinState<T>,
  schema: (before: T | undefined, after: T) => HeldChange['schema'],
): HeldChange[] {
  return Object.entries(state.held).map(([name, held]) => {
    const before = state.approved[name]?.def;
    return {
      server,
      kind,
      name,
      change: before === undefined ? 'added' : 'changed',
      seenAt: held.at,
      description: wordDiff(before?.description ?? '', held.def.description ?? ''),
      schema: schema(before, held.def),
    };
  });
}

/** What waits of one server, each with the difference the person decides on. */
export function heldChanges(server: string, pins: ServerPins): HeldChange[] {
  return [...changesOf<ToolInfo>(server, 'tool', pins.tools, toolChanges), ...changesOf<PromptInfo>(server, 'prompt', pins.prompts, promptChanges)];
}
