import { createContext, type ReactNode, useContext } from 'react'
import { cn } from '../lib/cn'
import { Label } from './label'

type FieldContext = { id: string; describedBy: string | undefined; invalid: boolean }

const FormFieldContext = createContext<FieldContext | null>(null)

type ControlProps = {
  id?: string
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling'
  'aria-describedby'?: string
}

/**
 * Used by Input, Textarea, Select and Checkbox: inside a FormField they pick up the field's id,
 * aria-invalid and aria-describedby by themselves, so a form never wires them by hand and cannot
 * forget to. Props the caller passes explicitly still win (describedby ids are joined).
 */
export function useFieldControlProps(props: ControlProps): ControlProps {
  const field = useContext(FormFieldContext)
  if (!field) return {}
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ')
  return {
    id: props.id ?? field.id,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    'aria-describedby': describedBy || undefined,
  }
}

export type FormFieldProps = {
  label: ReactNode
  /** The control's id; the label points at it and the error and hint ids derive from it. */
  htmlFor: string
  error?: string | undefined
  hint?: ReactNode
  className?: string
  children: ReactNode
}

/**
 * Label, control, hint and error in one column. Put one of this folder's controls inside and it is
 * wired up through context (see useFieldControlProps); any other control must be given
 * `aria-describedby={`${htmlFor}-error`}` and `aria-invalid` by the caller.
 */
export function FormField({ label, htmlFor, error, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${htmlFor}-hint` : undefined
  const errorId = error ? `${htmlFor}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined

  return (
    <FormFieldContext value={{ id: htmlFor, describedBy, invalid: Boolean(error) }}>
      {/* content-start: beside a taller field in a row (one with a hint), label and control stay together. */}
      <div className={cn('grid content-start gap-2', className)}>
        <Label htmlFor={htmlFor}>{label}</Label>
        {children}
        {hint && (
          <p id={hintId} className="text-sm text-ink-muted">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </FormFieldContext>
  )
}
