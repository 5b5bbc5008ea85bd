/** Time spent on a piece of work: by the clock, and by the extension host's CPU (all its threads), which a busy machine does not inflate. */
export interface ActivationTime {
  wallMs: number;
  cpuMs: number;
}

/** Starts timing; the returned function gives the time since. */
export function startTiming(): () => ActivationTime {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
  };
}
