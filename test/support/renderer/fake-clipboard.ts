/**
 * A clipboard the page can write and read back (jsdom has none); `text()` is what it holds now.
 * `refuse(true)`: reads and writes are rejected, as a browser does while the page is not focused.
 */
export function installFakeClipboard(): { text: () => string; set: (text: string) => void; refuse: (refusing: boolean) => void } {
  let held = '';
  let refusing = false;
  const refused = (): Promise<never> => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError'));
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (t: string) => (refusing ? refused() : ((held = t), Promise.resolve())),
      readText: () => (refusing ? refused() : Promise.resolve(held)),
    },
  });
  return { text: () => held, set: (text) => void (held = text), refuse: (on) => void (refusing = on) };
}
