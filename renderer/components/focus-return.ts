type Find = () => HTMLElement | null | undefined;

/** Moves focus to `target`; says whether it took it (an element that cannot take focus, or one gone, does not). */
function focusOn(target: HTMLElement | null | undefined): boolean {
  if (target?.isConnected !== true) return false;
  target.focus();
  return document.activeElement === target;
}

/**
 * Focus goes back to `opener`; should the opener then leave the page while it still has focus (a status
 * arriving later made the button unneeded), focus goes on to `fallback` rather than to the page, where a
 * keyboard user would start over from the top (WCAG 2.4.3). The watch ends once focus is elsewhere.
 */
function backToOpener(opener: HTMLElement, fallback: Find | undefined): void {
  opener.focus();
  if (fallback === undefined || document.activeElement !== opener) return;
  const watch = new MutationObserver(() => {
    if (opener.isConnected) {
      if (document.activeElement !== opener) watch.disconnect();
      return;
    }
    watch.disconnect();
    if (document.activeElement === null || document.activeElement === document.body) focusOn(fallback());
  });
  watch.observe(document.body, { childList: true, subtree: true });
}

/**
 * Where focus goes when a dialog closes: `settled` first (where its finished work leaves the person,
 * whatever the opener's row shows by then), else the control that opened it, else `fallback`.
 */
export function returnFocus(opener: HTMLElement | null, settled: Find | undefined, fallback: Find | undefined): void {
  if (focusOn(settled?.())) return;
  if (opener?.isConnected === true) backToOpener(opener, fallback);
  else focusOn(fallback?.());
}
