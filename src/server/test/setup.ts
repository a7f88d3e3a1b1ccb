import { afterEach, beforeEach, vi } from 'vitest'

// An error logged during a test is a failure, even when the test's assertions pass.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length > 0) throw new Error(`console.error was called: ${JSON.stringify(errors[0])}`)
})
