import type { FieldValues, Resolver } from 'react-hook-form'

/**
 * A form resolver whose schema (and zod with it, ~38 KB compressed) loads when the form is first
 * checked, not with the page: a visitor who only reads never downloads it.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined // offline or a new deploy: the next check tries again
      throw error
    })
    return (await loading)(values, context, options)
  }
}
