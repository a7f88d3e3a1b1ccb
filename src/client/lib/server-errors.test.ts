import { createFormControl } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import type { ApiErrorBody } from '../../shared/api'
import { ApiError } from './api'
import { showServerErrors } from './server-errors'

const refused = (body: ApiErrorBody, status = 400) => new ApiError(status, body, JSON.stringify(body))

/** A react-hook-form form (the same control useForm keeps) with focusable stand-ins for its inputs. */
function formOf<Values extends Record<string, unknown>>(defaultValues: Values) {
  const form = createFormControl<Values>({ defaultValues: defaultValues as never })
  const focused: string[] = []
  for (const name of Object.keys(defaultValues)) {
    form.register(name as never).ref({ name, type: 'text', value: '', focus: () => focused.push(name) })
  }
  const messages = () =>
    Object.fromEntries(Object.entries(form.getErrors()).map(([name, entry]) => [name, entry?.message]))
  return { form, focused, messages }
}

describe('showServerErrors', () => {
  it('puts each message beside its field and focuses the first, leaving the values as typed', () => {
    const { form, focused, messages } = formOf({ code: 'SPRING', value: '12', note: 'flyer' })
    const marked = showServerErrors(
      form,
      refused({
        message: 'A percentage is from 1 to 100',
        errors: [
          { field: 'value', message: 'A percentage is from 1 to 100' },
          { field: 'code', message: 'Code must be 3 to 32 letters, digits, - or _' },
        ],
      }),
    )
    expect(marked).toBe(true)
    expect(messages()).toEqual({
      value: 'A percentage is from 1 to 100',
      code: 'Code must be 3 to 32 letters, digits, - or _',
    })
    expect(form.getErrors().value?.type).toBe('server')
    expect(focused).toEqual(['value'])
    expect(form.getValues()).toEqual({ code: 'SPRING', value: '12', note: 'flyer' })
  })

  it('keeps the first message of a field, as the form’s own checks do', () => {
    const { form, messages } = formOf({ title: '' })
    showServerErrors(
      form,
      refused({
        message: 'Title is too short',
        errors: [
          { field: 'title', message: 'Title is too short' },
          { field: 'title', message: 'Title is required' },
        ],
      }),
    )
    expect(messages()).toEqual({ title: 'Title is too short' })
  })

  it('places a path on the nearest field the form has (tags.2 → tags)', () => {
    const { form, messages } = formOf({ title: 'Celadon', tags: '' })
    showServerErrors(
      form,
      refused({ message: 'x', errors: [{ field: 'tags.2', message: 'Tag is too long' }] }),
    )
    expect(messages()).toEqual({ tags: 'Tag is too long' })
  })

  it('finds a nested field by its path, leaving out what the form does not show', () => {
    const form = createFormControl({
      defaultValues: { salePrice: '10', tax: { at: 'address', address: { state: 'TX', zipCode: '7700' } } },
    })
    const focused: string[] = []
    form
      .register('tax.address.zipCode')
      .ref({ name: 'tax.address.zipCode', type: 'text', value: '', focus: () => focused.push('zip') })
    const marked = showServerErrors(
      form,
      refused({
        message: 'Choose a product',
        errors: [
          { field: 'productId', message: 'Choose a product' },
          { field: 'tax.address.zipCode', message: 'Enter a five-digit ZIP code' },
        ],
      }),
    )
    expect(marked).toBe(true)
    expect(Object.keys(form.getErrors())).toEqual(['tax'])
    expect(form.getErrors().tax?.address?.zipCode?.message).toBe('Enter a five-digit ZIP code')
    expect(focused).toEqual(['zip'])
  })

  it('maps a field the API names otherwise (the checkout sends its fields under form.)', () => {
    const { form, messages } = formOf({ email: '', zipCode: '' })
    showServerErrors(
      form,
      refused({
        message: 'x',
        errors: [{ field: 'form.email', message: 'Please enter a valid email address' }],
      }),
      { fieldOf: (field) => (field.startsWith('form.') ? field.slice('form.'.length) : undefined) },
    )
    expect(messages()).toEqual({ email: 'Please enter a valid email address' })
  })

  it('marks only the fields it is told to', () => {
    const { form, messages } = formOf({ password: 'secret', code: '' })
    const marked = showServerErrors(
      form,
      refused({ message: 'Wrong password', errors: [{ field: 'password', message: 'Wrong password' }] }),
      { fields: ['code'] },
    )
    expect(marked).toBe(false)
    expect(messages()).toEqual({})
  })

  it('places a message that names no field by its words, when told how (a 409)', () => {
    const { form, messages } = formOf({ username: 'jade', email: 'a@b.co' })
    const byMessage = [
      ['username', /username/i],
      ['email', /email/i],
    ] as const
    expect(showServerErrors(form, refused({ message: 'Username already exists' }, 409), { byMessage })).toBe(
      true,
    )
    expect(messages()).toEqual({ username: 'Username already exists' })
  })

  it('marks nothing for an answer without field errors or for an error that is not the API’s', () => {
    const { form, messages } = formOf({ name: '' })
    const setError = vi.spyOn(form, 'setError')
    expect(showServerErrors(form, refused({ message: 'Too many requests' }, 429))).toBe(false)
    expect(showServerErrors(form, new Error('offline'))).toBe(false)
    expect(showServerErrors(form, new ApiError(502, undefined, 'Bad Gateway'))).toBe(false)
    expect(setError).not.toHaveBeenCalled()
    expect(messages()).toEqual({})
  })
})
