import type { Served } from './serve';

/** The UI's event stream as text, read as it arrives (signed in as the UI). */
export async function openEvents(served: Served): Promise<{ text(): string; close(): Promise<void> }> {
  const response = await fetch(`${served.origin}/api/events`, { headers: { authorization: `Bearer ${served.secret}` } });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no event stream');
  let text = '';
  const decoder = new TextDecoder();
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return {
    text: () => text,
    close: async () => {
      await reader.cancel().catch(() => undefined);
      await reading;
    },
  };
}
