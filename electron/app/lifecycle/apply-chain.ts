import { redactor } from '../../../shared/redact';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import { registerConfigSecrets } from '../secrets/config-secrets';

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

export interface FirstConfig {
  /** The chain later steps queue on; it starts with applying the config. */
  applying: ApplyChain;
  /** Applies the config to the pool now (once): its servers' cached inventories start loading. */
  apply(): void;
}

/**
 * The config's secrets are redacted from now on; the pool gets the config when `apply()` is called.
 * The pool creates every server at once (in a microtask), then reads their inventory caches.
 */
export function applyFirstConfig(registry: Registry, pool: Pool): FirstConfig {
  registerConfigSecrets(registry.config(), redactor);
  let begin: () => void = () => undefined;
  const begun = new Promise<void>((resolve) => (begin = resolve));
  return { applying: new ApplyChain(begun.then(() => pool.apply(registry.config()))), apply: () => begin() };
}
