type SizeListener = () => void;

const listeners = new Map<Element, SizeListener>();
let observer: ResizeObserver | undefined;

/**
 * Calls `listener` when `element` is laid out or resized, through one ResizeObserver for the whole page:
 * a thousand rows each with their own observer cost a thousand observers' bookkeeping per frame.
 * Returns the function that stops watching; the observer goes once nothing is watched.
 */
export function observeSize(element: Element, listener: SizeListener): () => void {
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) listeners.get(entry.target)?.();
  });
  listeners.set(element, listener);
  observer.observe(element);
  return () => {
    listeners.delete(element);
    observer?.unobserve(element);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = undefined;
    }
  };
}
