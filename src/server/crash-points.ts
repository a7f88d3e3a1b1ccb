// Named points where a test may kill this process outright (SIGKILL, as `kill -9` or a power cut
// would), to prove that what was written up to there is whole or absent, never half. Inert unless
// JADE_CRASH_AT names the point; never set it in production. The points, each with its test in
// shutdown.test.ts: checkout:order-placed, card:order-placed, sweep:batch-deleted; and the refund
// path's (docs/decisions/011): refund-after-commit (the refund row committed, the provider not yet
// called), refund-after-provider (the provider answered, the row not yet done), cancel-after-commit
// (a card order's cancellation and its refund row committed); and a newsletter campaign's,
// campaign-after-batch (a batch of recipients queued and committed: campaigns.test.ts).
const armed = process.env.JADE_CRASH_AT

export function crashPoint(name: string): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL')
}
