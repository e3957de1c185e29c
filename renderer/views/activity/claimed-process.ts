/**
 * The process a command line says it runs as: its own header, which the app cannot check (any program
 * may send any number), so it is shown as its claim, never as fact.
 */
export function claimedProcess(pid: number): string {
  return `process ${pid}, as it says`;
}
