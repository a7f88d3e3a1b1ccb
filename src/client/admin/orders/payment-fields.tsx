import type { ReactNode } from 'react'
import { paymentMethodLabel } from '../../../shared/orders/labels'
import type { PaymentMethod } from '../../../shared/orders/rules'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'

// The fields of the dialogs that move money (Record Payment, Refund / Return, Payment Plan, Mark as
// Sold): one amount box and one method picker, so each dialog asks for them the same way.

interface FieldProps<Value> {
  label: ReactNode
  /** The control's id (FormField wires the label, hint and error to it). */
  htmlFor: string
  value: Value
  onChange: (value: Value) => void
  error?: string
  hint?: ReactNode
}

/** Dollars as typed ("120.50"): the dialog parses and checks them when it is submitted. */
export function MoneyField({ label, htmlFor, value, onChange, error, hint }: FieldProps<string>) {
  return (
    <FormField label={label} htmlFor={htmlFor} error={error} hint={hint}>
      <Input
        inputMode="decimal"
        placeholder="0.00"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  )
}

/** How the money moved, among the methods this dialog offers. */
export function MethodField<Method extends PaymentMethod>({
  methods,
  label,
  htmlFor,
  value,
  onChange,
  error,
}: Omit<FieldProps<string>, 'onChange' | 'hint'> & {
  methods: readonly Method[]
  onChange: (method: Method) => void
}) {
  return (
    <FormField label={label} htmlFor={htmlFor} error={error}>
      <Select value={value} onChange={(event) => onChange(event.target.value as Method)}>
        {methods.map((method) => (
          <option key={method} value={method}>
            {paymentMethodLabel(method)}
          </option>
        ))}
      </Select>
    </FormField>
  )
}
