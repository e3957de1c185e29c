/** CPU and wall time of one search per need, `rounds` times over: "median / p95, median / p95" (ms). */
export function searchTimes(search: (need: string) => void, needs: readonly string[], rounds = 3): string {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const need of needs) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      search(need);
      wall.push(performance.now() - t0);
      const used = process.cpuUsage(c0);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  const pct = (xs: readonly number[], p: number): string => ([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN).toFixed(3);
  return `${pct(cpu, 0.5)} / ${pct(cpu, 0.95)}, ${pct(wall, 0.5)} / ${pct(wall, 0.95)}`;
}
