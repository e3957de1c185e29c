import { redactor } from '../../shared/redact';
import type { Pool } from '../pool';
import type { Registry } from '../registry';
import { registerConfigSecrets } from './config-secrets';

/**
 * Config applications and what must follow them (the bridge's refresh, the warm-up), one after another.
 * `settled()` waits for everything queued so far; the App API awaits it before answering from the pool.
 */
export class ApplyChain {
  private tail: Promise<unknown>;

  constructor(first: Promise<unknown>) {
    this.tail = first;
  }

  /** Runs `step` after everything queued; a failure goes to `onError` if given, else to `settled()`'s callers. */
  then(step: () => unknown, onError?: (error: unknown) => void): void {
    const next = this.tail.then(step);
    this.tail = onError ? next.catch(onError) : next;
  }

  settled(): Promise<unknown> {
    return this.tail;
  }
}

/** The config's secrets are redacted from now on; applying it to the pool starts the chain later steps queue on. */
export function applyFirstConfig(registry: Registry, pool: Pool): ApplyChain {
  registerConfigSecrets(registry.config(), redactor);
  return new ApplyChain(pool.apply(registry.config()));
}
