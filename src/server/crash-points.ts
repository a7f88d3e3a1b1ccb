// Named points where a test may kill this process outright (SIGKILL, as `kill -9` or a power cut
// would), to prove that what was written up to there is whole or absent, never half. Inert unless
// JADE_CRASH_AT names the point; never set it in production.
const armed = process.env.JADE_CRASH_AT

export function crashPoint(name: string): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL')
}
