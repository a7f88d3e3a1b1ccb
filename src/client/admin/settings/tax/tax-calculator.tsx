import { type FormEvent, useState } from 'react'
import { dollarsToCents, formatCents } from '../../../../shared/money'
import { formatRate } from '../../../../shared/tax/schema'
import { failureMessage } from '../../../lib/mutation-toasts'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Select } from '../../../ui/select'
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../../../ui/table'
import { UsStateOptions } from '../../../ui/us-state-options'
import { useTaxCalculator } from './api'

/** An address and an amount in, the lines out: the saved settings and the tables in force today. */
export function TaxCalculator() {
  const calculate = useTaxCalculator()
  const [state, setState] = useState('TX')
  const [zipCode, setZipCode] = useState('')
  const [amount, setAmount] = useState('100.00')
  const [shipping, setShipping] = useState('0')

  function submit(event: FormEvent) {
    event.preventDefault()
    calculate.mutate({
      address: { state, zipCode },
      amount: dollarsToCents(Number(amount) || 0),
      shipping: dollarsToCents(Number(shipping) || 0),
    })
  }

  const result = calculate.data
  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end"
      >
        <FormField label="State" htmlFor="tax-calc-state">
          <Select value={state} onChange={(event) => setState(event.target.value)}>
            <UsStateOptions />
          </Select>
        </FormField>
        <FormField label="ZIP code" htmlFor="tax-calc-zip">
          <Input inputMode="numeric" value={zipCode} onChange={(event) => setZipCode(event.target.value)} />
        </FormField>
        <FormField label="Amount ($)" htmlFor="tax-calc-amount">
          <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </FormField>
        <FormField label="Shipping ($)" htmlFor="tax-calc-shipping">
          <Input inputMode="decimal" value={shipping} onChange={(event) => setShipping(event.target.value)} />
        </FormField>
        <Button type="submit" variant="secondary" disabled={calculate.isPending}>
          Calculate
        </Button>
      </form>
      <div aria-live="polite">
        {calculate.isError && (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(calculate.error)}
          </p>
        )}
        {result && (
          <div className="space-y-2">
            {result.lines.length > 0 && (
              <Table className="text-sm">
                <TableHeader>
                  <TableRow>
                    <TableHead>Jurisdiction</TableHead>
                    <TableHead className="hidden text-right sm:table-cell">Rate</TableHead>
                    <TableHead className="hidden text-right sm:table-cell">Taxable</TableHead>
                    <TableHead className="text-right">Tax</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.lines.map((line) => (
                    <TableRow key={line.jurisdiction}>
                      <TableCell>
                        {line.jurisdiction}
                        <span className="block text-xs text-ink-muted sm:hidden">
                          {formatRate(line.rate)} of {formatCents(line.taxable)}
                        </span>
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">
                        {formatRate(line.rate)}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">
                        {formatCents(line.taxable)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatCents(line.tax)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell className="font-medium sm:hidden">Sales tax</TableCell>
                    <TableCell colSpan={3} className="hidden font-medium sm:table-cell">
                      Sales tax
                    </TableCell>
                    <TableCell className="text-right font-medium tabular-nums">
                      {formatCents(result.tax)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            )}
            {result.note && <p className="text-sm text-ink-muted">{result.note}</p>}
          </div>
        )}
      </div>
    </div>
  )
}
