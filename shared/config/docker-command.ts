/** Whether a stdio entry's command runs docker (`docker`, `/usr/local/bin/docker`, `C:\…\docker.exe`). */
export function isDockerCommand(command: string): boolean {
  const base = command.replace(/\\/g, '/').split('/').pop() ?? '';
  return /^docker(\.exe)?$/i.test(base);
}
