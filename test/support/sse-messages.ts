/** The data of each event the SDK's parser reads as a message (WHATWG HTML §9.2.6: lines end in CRLF, LF or CR; no `event`, or `message`). */
export function sseMessagesOf(stream: string): string[] {
  const found: string[] = [];
  let data: string[] = [];
  let type = '';
  for (const line of stream.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data.length > 0 && (type === '' || type === 'message')) found.push(data.join('\n'));
      data = [];
      type = '';
    } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    else if (line.startsWith('event:')) type = line.slice(6).trim();
  }
  return found;
}

/** How deep brackets nest in `text`, strings not told apart (the test texts hold none). */
export function bracketDepthOf(text: string): number {
  let now = 0;
  let max = 0;
  for (const c of text) {
    if (c === '[' || c === '{') max = Math.max(max, ++now);
    else if (c === ']' || c === '}') now--;
  }
  return max;
}
