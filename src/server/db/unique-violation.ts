/** A write refused by a unique index (SQLSTATE 23505), as `pg` and PGlite report it, or Drizzle wrapping either. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}
