import { z } from 'zod'

// Names and address lines reach e-mails the shop sends from its own address ("Hi <first name>",
// "Shipping to"): a stranger who types a victim's e-mail at checkout must not be able to make the
// shop mail them a link or a "write to us at" address. So these fields refuse what only a message
// needs: a web address (`://`, `www.`, a domain followed by a path), an e-mail address, and angle
// brackets. Real names and street addresses never need them.
//
// Each test is linear in the text's length: the check runs before the length limit (a link is what
// the field is refused for), on anything up to the 1 MiB body limit. Written the plain way, as
// `/[^\s@]+@[^\s@]+\.[^\s@]+/` and `/\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\//i`, they matched the
// same texts but tried every start position against the whole rest of the text: 30,000 characters
// took 0.6 s and a 1 MiB field would have held the server for minutes. So each starts where a match
// must (an `@` with a character before it; a `.tld/` followed by a look back at the domain before it).
const WEB_ADDRESS = /:\/\/|\bwww\.|\.[a-z]{2,}\/(?<=\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/)/i
const EMAIL_ADDRESS = /[^\s@]@[^\s@]+\.[^\s@]/
const ANGLE_BRACKETS = /[<>]/

/** A name's ceiling: the longest real given or family names fit; a sentence does not. */
export const NAME_MAX = 50

/** Whether text holds something a name or an address line never does (see above). */
export function carriesLinkOrMarkup(value: string): boolean {
  return WEB_ADDRESS.test(value) || EMAIL_ADDRESS.test(value) || ANGLE_BRACKETS.test(value)
}

/** The message that names the field refusing a link, an address or markup. */
export const plainTextMessage = (label: string) =>
  `${label} cannot contain a web address, an e-mail address or < >`

/** A trimmed string of at most `max` characters without links, e-mail addresses or angle brackets. */
export const plainText = (label: string, max: number) =>
  z
    .string()
    .trim()
    // The link first: it is what the field is refused for, whatever the length.
    .refine((value) => !carriesLinkOrMarkup(value), plainTextMessage(label))
    .max(max, `${label} must be at most ${max} characters`)

/** A required plain field: `required` is its empty message (the specification's wording). */
export const requiredPlainText = (label: string, required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).pipe(plainText(label, max))

/**
 * What a template may print of a stored name: the name when it is plain, else nothing (orders
 * placed before the rule keep their data, and their e-mails greet without it).
 */
export function printableName(name: string | null | undefined): string | undefined {
  const trimmed = name?.trim()
  return trimmed && !carriesLinkOrMarkup(trimmed) ? trimmed : undefined
}
