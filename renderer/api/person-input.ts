/** Where a person's presses arrive (`window` in the page). */
export type InputScope = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** The browser's user activation of this page (`navigator.userActivation`): only a person's press sets it. */
export interface Activation {
  readonly isActive: boolean;
}

export interface PersonInputOptions {
  /**
   * `navigator.userActivation`. A press inside an app's frame (another origin: the page sees none of
   * its events) activates this page too (HTML, "Tracking user activation": an activation notification
   * reaches every ancestor); checked when the frame's next message, or the focus moving into it,
   * reaches the page.
   */
  activation?: Activation;
  /** Told of a press no call took, when no call said a person was there for STILL_HERE_EVERY_MS. */
  onUnsaid?: () => void;
  now?: () => number;
  /** Runs `run` after `ms` (setTimeout; tests pass their own). */
  later?: (run: () => void, ms: number) => void;
}

export interface PersonInput {
  /** Whether a person pressed a key or pointer since the last `take` that said so. */
  take(): boolean;
  stop(): void;
}

/** How long since a call last said a person was there before a press with no call of its own is said on its own. */
export const STILL_HERE_EVERY_MS = 60_000;
/** How long a press waits for a call of its own (a click that loads a screen) before it is said on its own. */
export const STILL_HERE_WAIT_MS = 1_000;

const PRESSES = ['keydown', 'pointerdown'] as const;
/** What reaches the page from an app's frame: its messages, and the focus leaving the page for it. */
const FROM_FRAMES = ['message', 'blur'] as const;

/**
 * Watches for a person's presses: a timer cannot make one, so a call marked by them is use the
 * page's own background calls can never fake.
 */
export function watchPersonInput(scope: InputScope, options: PersonInputOptions = {}): PersonInput {
  const now = options.now ?? Date.now;
  const later = options.later ?? ((run: () => void, ms: number) => void setTimeout(run, ms));
  let pressed = false;
  let stopped = false;
  let waiting = false;
  let said = now();
  const press = (): void => {
    pressed = true;
    if (!options.onUnsaid || waiting || now() - said < STILL_HERE_EVERY_MS) return;
    waiting = true;
    later(() => {
      waiting = false;
      if (pressed && !stopped) options.onUnsaid?.();
    }, STILL_HERE_WAIT_MS);
  };
  const onPress = (event: Event): void => {
    // A press scripted by the page (`dispatchEvent`) is no person's.
    if (event.isTrusted) press();
  };
  // An app's message or timer is no press: only the activation a person's press gave the page is.
  const fromFrame = (): void => {
    if (options.activation?.isActive === true) press();
  };
  for (const name of PRESSES) scope.addEventListener(name, onPress, { capture: true, passive: true });
  if (options.activation) for (const name of FROM_FRAMES) scope.addEventListener(name, fromFrame, { capture: true, passive: true });
  return {
    take() {
      const was = pressed;
      pressed = false;
      if (was) said = now();
      return was;
    },
    stop() {
      stopped = true;
      for (const name of PRESSES) scope.removeEventListener(name, onPress, { capture: true });
      for (const name of FROM_FRAMES) scope.removeEventListener(name, fromFrame, { capture: true });
    },
  };
}
