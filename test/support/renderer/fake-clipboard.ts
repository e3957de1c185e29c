/** A clipboard the page can write and read back (jsdom has none); `text()` is what it holds now. */
export function installFakeClipboard(): { text: () => string; set: (text: string) => void } {
  let held = '';
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (t: string) => ((held = t), Promise.resolve()), readText: () => Promise.resolve(held) },
  });
  return { text: () => held, set: (text) => void (held = text) };
}
