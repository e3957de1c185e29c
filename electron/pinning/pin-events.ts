import type { ProcessEnv } from '../../shared/core-env';
import type { PromptInfo, ResourceInfo, ResourceTemplateInfo, ToolInfo, PinDecision } from '../../shared/api';

/** What a listing holds that pins concern (the pool's Inventory has these and more). */
export interface Listing {
  tools: ToolInfo[];
  prompts: PromptInfo[];
  /** Absent: this listing says nothing of them, and their pins stay as they are. */
  resources?: ResourceInfo[];
  templates?: ResourceTemplateInfo[];
}

/** The core's clock and log (shared/core-env), each defaulting to the process's. */
export interface PinsOptions extends Partial<Pick<ProcessEnv, 'now' | 'log'>> {
  /** `<dataDir>/pins`: one file per server. */
  dir: string;
  /** The server's `pinning.acceptNewTools`, read at each listing. */
  acceptNew: (server: string) => boolean;
}

/**
 * What a listing did to the pins without the person, for the admin audit log (the person's own
 * decisions are logged as the App API calls they are): pinned on first sight, approved by
 * `acceptNewTools`, gone from the server.
 */
export interface PinEvent {
  server: string;
  outcome: 'pinned' | 'auto-accepted' | 'removed';
  tools: string[];
  prompts: string[];
  /** By URI. */
  resources: string[];
  /** By URI template. */
  templates: string[];
}

export interface PinsEvents {
  /** What agents may see of a server changed by a decision: the pool tells the bridge. */
  visible: { server: string };
  /** What waits for the person changed (the app's decisions area, the tray's count). */
  held: { server: string };
  decided: PinEvent;
  /** The person's decisions, as they are kept: before their write and the `held` that follows (the decisions queue words its records with them). */
  reviewed: { server: string; decisions: readonly PinDecision[] };
}
