import { useId, useState } from 'react'
import { ApiError } from '../lib/api'
import { cn } from '../lib/cn'
import { Button } from './button'
import { Input } from './input'

/**
 * A code typed and applied: the cart's discount code and checkout's gift card both. The input
 * keeps what was typed until the server takes it (then it empties), and shows the server's words
 * when it refuses, or `failed` when the server could not be reached. Whatever the code unlocks is
 * the caller's to show.
 */
export function CodeEntryField({
  label,
  maxLength,
  mutation,
  refused,
  failed,
  applyLabel,
  className,
  labelClassName,
}: {
  label: string
  maxLength: number
  /** The apply mutation (react-query's): its state drives the button and the message. */
  mutation: {
    mutate: (code: string, options: { onSuccess: () => void }) => void
    isPending: boolean
    error: unknown
    reset: () => void
  }
  /** When the server refuses without words of its own. */
  refused: string
  /** When the call failed before any answer. */
  failed: string
  /** The Apply button's accessible name, when two such fields sit side by side. */
  applyLabel?: string
  className?: string
  labelClassName?: string
}) {
  const id = useId()
  const [code, setCode] = useState('')
  const { error } = mutation
  const refusal = error instanceof ApiError ? (error.serverMessage ?? refused) : error ? failed : undefined

  return (
    <form
      className={cn('grid gap-2', className)}
      onSubmit={(event) => {
        event.preventDefault()
        if (code.trim()) mutation.mutate(code.trim(), { onSuccess: () => setCode('') })
      }}
    >
      <label htmlFor={`${id}-code`} className={cn('text-ink-muted', labelClassName)}>
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => {
            setCode(event.target.value)
            if (error) mutation.reset()
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={maxLength}
          className="min-w-0 flex-1"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={mutation.isPending}
          disabled={!code.trim()}
          aria-label={applyLabel}
        >
          Apply
        </Button>
      </div>
      {refusal && (
        <p id={`${id}-error`} className="text-sm text-sold" role="alert">
          {refusal}
        </p>
      )}
    </form>
  )
}

/** What to tell the shopper when applying failed: the server's words, else `refused`, else `failed` (no answer). */
export function refusalOf(error: unknown, refused: string, failed: string): string | undefined {
  return error instanceof ApiError ? (error.serverMessage ?? refused) : error ? failed : undefined
}
