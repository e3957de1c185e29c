/** How long to look for the control focus goes to: React renders a change within a few frames. */
const TRIES = 40;
const EVERY_MS = 25;

/**
 * Moves focus to what `find` returns once it is on the page. The control the person pressed (Add,
 * Approve, Allow, "I have saved it") is gone after its work; without this focus falls to the page
 * and a keyboard user starts over from the top (WCAG 2.4.3).
 */
export function focusWhenShown(find: () => HTMLElement | null | undefined, fallback?: () => HTMLElement | null | undefined, tries = TRIES): void {
  // The fallback only once the target had its time: the list it sits in may still be reloading.
  const target = tries > 0 ? find() : (find() ?? fallback?.());
  // Focus does not move while a modal dialog still makes the rest of the page inert: try again.
  target?.focus();
  if (target?.isConnected === true && document.activeElement === target) return;
  // A page torn down meanwhile (a closed window, a test's ended document) has nothing to focus.
  if (tries > 0) setTimeout(() => typeof document !== 'undefined' && focusWhenShown(find, fallback, tries - 1), EVERY_MS);
}

/** A configured service's row: its next step (Approve, Connect, Sign in…), else its name. */
export function serverRowFocus(name: string): HTMLElement | null {
  const row = [...document.querySelectorAll<HTMLElement>('li[data-server]')].find((li) => li.dataset['server'] === name);
  if (!row) return null;
  return row.querySelector<HTMLElement>('.row-actions button.primary:not(:disabled)') ?? row.querySelector<HTMLElement>('.row-name a');
}

/**
 * After an item of a list was decided and leaves it: the same control of the item that takes its
 * place (or the one before), else the list's heading.
 */
export function nextInList(item: HTMLElement | null, control: string, heading: () => HTMLElement | null): () => HTMLElement | null {
  const list = item?.parentElement ?? null;
  const index = list && item ? [...list.children].indexOf(item) : -1;
  return () => {
    if (list?.isConnected === true) {
      const others = [...list.children].filter((child) => child !== item && child.isConnected);
      const next = others[index] ?? others[index - 1];
      const found = next?.querySelector<HTMLElement>(control);
      if (found) return found;
    }
    return heading();
  };
}

/** The heading of an agent's card, where focus goes when a panel about it closes. */
export function agentCardHeading(name: string): HTMLElement | null {
  const card = [...document.querySelectorAll<HTMLElement>('li[data-agent]')].find((li) => li.dataset['agent'] === name);
  return card?.querySelector<HTMLElement>('h3') ?? null;
}

/** Focus fell to the page, or sits on a control that was disabled or removed under it. */
export function focusLost(): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body) return true;
  return !active.isConnected || (active as HTMLButtonElement).disabled === true;
}

/**
 * The pressed control was disabled or removed while its work runs (Call, Connect, Write): focus
 * goes to what `find` returns, but only when the person has not moved it elsewhere meanwhile.
 */
export function focusIfLost(find: () => HTMLElement | null | undefined, fallback?: () => HTMLElement | null | undefined): void {
  focusWhenShown(() => (focusLost() ? find() : null), () => (focusLost() ? fallback?.() : null));
}
