import type { ServerConfig } from '../../shared/config';
import type { ProcessEnv } from '../../shared/core-env';
import type { CodedError } from '../../shared/errors';
import type { Emitter } from '../../shared/events';
import type { Approval } from '../../shared/api';
import type { ConnectionFactory } from './connection-factory';
import type { DeliveryOptions } from './credential-delivery';
import type { SetTimer } from './idle-timer';
import type { InventoryPins, PoolEvents, RestartPolicy } from './types';
import type { AskRouter } from './server-asks';
import type { Scheduler } from './one-at-a-time';

/** What a ServerSlot is given by its pool (defaults filled in): the core's clock and log, how to connect, its policies, timers and the pool's events. */
export interface SlotOptions extends Pick<ProcessEnv, 'now' | 'log'> {
  /** The one way a slot opens its connection. */
  connect: ConnectionFactory;
  cacheDir: string;
  /** When each slot reads its cached inventory: the pool's slots one at a time. */
  cacheLoads: Scheduler;
  gate: ((name: string, config: ServerConfig) => CodedError | null) | undefined;
  approval: (name: string, config: ServerConfig) => Approval;
  setTimer: SetTimer;
  restartPolicy: RestartPolicy;
  /** `${token}` and credential files (credential-delivery.ts). */
  delivery: DeliveryOptions | undefined;
  /** Servers' requests (server-asks.ts) and their time limit. */
  asks: { router: AskRouter; timeoutMs: number };
  pins: InventoryPins | undefined;
  events: Pick<Emitter<PoolEvents>, 'emit'>;
  /** When each server's sessions were renewed by the GET stream or the check, by name (slot-session-renewal.ts): outlives its slot. */
  sessionRenewals: Map<string, number[]>;
}
