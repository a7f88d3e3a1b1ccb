import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { ApiError } from './api'

export interface ServerErrorOptions {
  /**
   * The fields the form shows (dotted paths as react-hook-form names them); a message about any
   * other field is left to the caller's toast. Default: every field of the form's values.
   */
  fields?: readonly string[]
  /**
   * The form's name for a field the API names otherwise ('form.email' → 'email',
   * 'tax.address.zipCode' → 'tax.zipCode'); undefined for the rest, which are matched by name.
   */
  fieldOf?: (apiField: string) => string | undefined
  /**
   * Answers that name no field but are about one (a 409 "Username already exists"): the field
   * whose pattern the server's message matches gets that message.
   */
  byMessage?: readonly (readonly [field: string, pattern: RegExp])[]
}

/**
 * The one way a form shows a refused save (a 400's or 409's `{ message, errors: [{ field, message }] }`,
 * DESIGN.md §3): each message beside the field it names, through react-hook-form's `setError`, so it
 * is tied to the field like the form's own checks (aria-invalid, aria-describedby) and cleared the
 * same way; the first one gets the focus. Nothing typed is touched. A field the API names by a
 * path (`tags.0`, `tax.address.zipCode`) lands on the nearest field the form has. Answers whether
 * any field was marked: when none was, the caller shows the message on its own (a toast).
 */
export function showServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError' | 'getValues'>,
  error: unknown,
  options: ServerErrorOptions = {},
): boolean {
  if (!(error instanceof ApiError)) return false
  const fields = new Set(options.fields ?? pathsOf(form.getValues()))
  const found: [string, string][] = error.fieldErrors.map(({ field, message }) => [field, message])
  if (found.length === 0 && options.byMessage) {
    const message = error.serverMessage ?? ''
    for (const [field, pattern] of options.byMessage) if (pattern.test(message)) found.push([field, message])
  }
  const marked = new Set<string>()
  for (const [apiField, message] of found) {
    const name = formField(apiField, fields, options.fieldOf)
    // The first message about a field is the one shown, as with the form's own checks.
    if (name === undefined || marked.has(name)) continue
    form.setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: marked.size === 0 })
    marked.add(name)
  }
  return marked.size > 0
}

/** The form's field for an API field (mapped first): that path, or the nearest parent the form has. */
function formField(
  apiField: string,
  fields: ReadonlySet<string>,
  fieldOf: ServerErrorOptions['fieldOf'],
): string | undefined {
  const parts = (fieldOf?.(apiField) ?? apiField).split('.')
  for (let length = parts.length; length > 0; length--) {
    const path = parts.slice(0, length).join('.')
    if (fields.has(path)) return path
  }
  return undefined
}

/** Every field of the form's values: `tax`, `tax.zipCode`… (a list is one field: `tags`, not `tags.0`). */
function pathsOf(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object' || Array.isArray(values) || values instanceof Date)
    return []
  return Object.entries(values).flatMap(([key, value]) => [
    `${prefix}${key}`,
    ...pathsOf(value, `${prefix}${key}.`),
  ])
}
