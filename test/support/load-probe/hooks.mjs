// Module loader hooks (node:module register): the URL of each module loaded, one a line.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (process.env.LOAD_PROBE_FILE && url.startsWith('file:')) appendFileSync(process.env.LOAD_PROBE_FILE, `${url}\n`);
  return loaded;
}
