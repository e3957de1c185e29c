import { useCallback, useRef } from 'react';

/**
 * For controls that replace each other when pressed (Reveal, its confirmation, Hide): the control
 * that takes the pressed one's place takes the focus, so a keyboard keeps its place instead of
 * starting over from the top of the page (WCAG 2.4.3). Wrap each handler in `pressed`, and give
 * `takeFocus` as the `ref` of each control that may appear in its place.
 */
export function useHandOverFocus(): { takeFocus: (control: HTMLElement | null) => void; pressed: (then: () => void) => () => void } {
  const moved = useRef(false);
  const takeFocus = useCallback((control: HTMLElement | null) => {
    if (control === null || !moved.current) return;
    moved.current = false;
    control.focus();
  }, []);
  const pressed = useCallback(
    (then: () => void) => () => {
      moved.current = true;
      then();
    },
    [],
  );
  return { takeFocus, pressed };
}
