import { isEnabled, isToolAllowed, transportOf, type ServerConfig, isStdio } from '../../shared/config';
import type { WireError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { Approval, ServerStatus } from '../../shared/api';
import { commandLineOf } from './command-line';
import { EMPTY_INVENTORY, type Inventory } from './inventory';
import type { InventoryStore } from './inventory-store';
import type { SlotState } from './slot-state';
import type { StateRecord } from './state-machine';

/** What agents and the UI may see: nothing of a disabled server, no tool its policy denies. */
export function visibleInventory(config: ServerConfig, inventory: Inventory): Inventory {
  if (!isEnabled(config)) return EMPTY_INVENTORY;
  return { ...inventory, tools: inventory.tools.filter((t) => isToolAllowed(config.tools, t.name)) };
}

export interface StatusParts {
  name: string;
  config: ServerConfig;
  record: StateRecord;
  approval: Approval;
  visible: Inventory;
  inventoryUpdatedAt: number | undefined;
  /** The cached inventory is of the entry before its last change (inventory-store.ts). */
  inventoryStale?: boolean;
  crashes: number;
  lastError: WireError | undefined;
}

export function buildStatus(parts: StatusParts): ServerStatus {
  const { config, visible } = parts;
  const status: ServerStatus = {
    name: parts.name,
    transport: transportOf(config),
    enabled: isEnabled(config),
    state: parts.record.state,
    since: parts.record.since,
    approval: parts.approval,
    toolCount: visible.tools.length,
    resourceCount: visible.resources.length + visible.templates.length,
    promptCount: visible.prompts.length,
    crashes: parts.crashes,
    history: [...parts.record.history],
  };
  // The person's own words for it, shown over the catalog's (redacted: mcp.json is anyone's to write).
  if (config.description !== undefined) status.description = redact(config.description);
  if (isStdio(config)) status.commandLine = redact(commandLineOf(config));
  else status.url = redact(config.url);
  if (parts.inventoryUpdatedAt !== undefined) status.inventoryUpdatedAt = parts.inventoryUpdatedAt;
  if (parts.inventoryStale === true && parts.inventoryUpdatedAt !== undefined) status.inventoryStale = true;
  if (parts.lastError) status.lastError = parts.lastError;
  return status;
}

/** The status of one slot from its entry, state and inventory. */
export function slotStatus(name: string, config: ServerConfig, state: SlotState, store: InventoryStore, approval: Approval): ServerStatus {
  return buildStatus({
    name,
    config,
    record: state.record,
    approval,
    visible: visibleInventory(config, store.reviewed ?? store.inventory),
    inventoryUpdatedAt: store.updatedAt,
    inventoryStale: store.isStale(config),
    crashes: state.crashes.total,
    lastError: state.lastError,
  });
}
