/** Where a person's presses arrive (`window` in the page). */
export type InputScope = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface PersonInput {
  /** Whether a person pressed a key or pointer since the last `take` that said so. */
  take(): boolean;
  stop(): void;
}

const PRESSES = ['keydown', 'pointerdown'] as const;

/**
 * Watches for a person's presses: a timer cannot make one, so a call marked by them is use the
 * page's own background calls can never fake.
 */
export function watchPersonInput(scope: InputScope): PersonInput {
  let pressed = false;
  const onPress = (event: Event): void => {
    // A press scripted by the page (`dispatchEvent`) is no person's.
    if (event.isTrusted) pressed = true;
  };
  for (const name of PRESSES) scope.addEventListener(name, onPress, { capture: true, passive: true });
  return {
    take() {
      const was = pressed;
      pressed = false;
      return was;
    },
    stop() {
      for (const name of PRESSES) scope.removeEventListener(name, onPress, { capture: true });
    },
  };
}
