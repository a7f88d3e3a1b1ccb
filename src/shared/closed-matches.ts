// Patterns such as `<[^>]*>` (a tag) or `\]\([^)]*\)` (a link's address) retry from every `<` or
// `]` that has no `>` or `)` after it, each time scanning to the end of the text before failing:
// on text that an owner or an import supplies, that is quadratic (100,000 `<` took 4 s).

/**
 * `text.replace(pattern, replacement)` for a global pattern whose every match ends with `closer`:
 * no match can begin after the last `closer`, so the text after it is left as it is without being
 * searched. Linear for patterns like those above, which fail from a start only for want of a
 * closer (`/<[^>]*>/`); one that can fail with a closer ahead (`/<[^>]*x>/`) is not helped.
 */
export function replaceClosed(text: string, closer: string, pattern: RegExp, replacement: string): string {
  const end = text.lastIndexOf(closer) + closer.length
  if (end < closer.length) return text
  return text.slice(0, end).replace(pattern, replacement) + text.slice(end)
}
