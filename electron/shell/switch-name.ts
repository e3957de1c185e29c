/**
 * The switch an argument names, as Chromium and Node read it: after `--` or `-` (also `/` on
 * Windows), up to `=`; Windows ignores case, and Node takes `_` for `-`.
 */
export function switchName(arg: string, platform: NodeJS.Platform): string | undefined {
  const prefix = /^--?/.exec(arg)?.[0] ?? (platform === 'win32' && arg.startsWith('/') ? '/' : undefined);
  if (prefix === undefined) return undefined;
  const name = arg.slice(prefix.length).split('=', 1)[0] ?? '';
  return name.toLowerCase().replaceAll('_', '-');
}
