// A fixed piece of CPU work, timed in CPU ms, printed beside CPU figures: on this shared 2-core
// machine the same loop took from ~550 to ~1 000 CPU ms within one hour (neighbours on the host),
// and a reader's CPU per screen moved with it. Two figures measured under different references
// are not comparable; under the same reference, they are.

/** CPU ms of a fixed integer loop (about 0.6 s on this machine when the host is quiet). */
export function referenceLoopMs(): number {
  const started = process.cpuUsage();
  let sum = 0;
  for (let i = 0; i < 300_000_000; i++) sum += i % 7;
  const used = process.cpuUsage(started);
  // Used, so the loop is not optimised away.
  if (sum < 0) throw new Error('unreachable');
  return Math.round((used.user + used.system) / 1000);
}
