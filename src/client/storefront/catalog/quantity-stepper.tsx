import { Minus, Plus } from 'lucide-react'

interface QuantityStepperProps {
  value: number
  onChange: (value: number) => void
  max?: number
  label?: string
  disabled?: boolean
}

/** Minimum 1: the minus button is disabled there and a decrease below 1 is ignored. */
export function QuantityStepper({
  value,
  onChange,
  max,
  label = 'Quantity',
  disabled,
}: QuantityStepperProps) {
  const atMax = max !== undefined && value >= max
  return (
    <fieldset className="inline-flex h-11 items-center border border-ink/20" aria-label={label}>
      <button
        type="button"
        className="flex size-11 items-center justify-center text-ink hover:bg-jade-50 disabled:opacity-40"
        onClick={() => value > 1 && onChange(value - 1)}
        disabled={disabled || value <= 1}
        aria-label="Decrease quantity"
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <output className="w-10 text-center tabular-nums" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="flex size-11 items-center justify-center text-ink hover:bg-jade-50 disabled:opacity-40"
        onClick={() => !atMax && onChange(value + 1)}
        disabled={disabled || atMax}
        aria-label="Increase quantity"
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </fieldset>
  )
}
