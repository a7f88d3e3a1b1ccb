// What the logs may carry of an error. Database errors quote their statement's parameters (session
// ids, password and token hashes, e-mail and street addresses) and PostgreSQL's `detail` quotes
// row values ("Key (email)=(…) already exists"): neither reaches a log line. The statement text,
// the error code and the constraint stay, which is what finding the fault needs.

interface ErrorFields {
  name?: string
  message?: string
  stack?: string
  code?: unknown
  statusCode?: unknown
  constraint?: unknown
  table?: unknown
  column?: unknown
  query?: unknown
  params?: unknown
  cause?: unknown
}

const MAX_DEPTH = 4

// drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>", up to the stack's first
// frame. The frame's indent is spaces or tabs, not `\s+`: that retried from every line break of a
// parameter holding many of them, to the end of the run, which is quadratic in the parameter.
// (A parameter's own line breaks before an indent other than spaces and tabs are redacted too.)
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n[ \t]+at |$)/

export interface SerializedError {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: typeof error === 'string' ? error : 'non-error thrown', stack: '' }
  const e = error as Error & ErrorFields
  const out: SerializedError = {
    type: e.name,
    message: (e.message ?? '').replace(PARAMS_LINE, '\nparams: [redacted]'),
    stack: (e.stack ?? '').replace(PARAMS_LINE, '\nparams: [redacted]'),
  }
  for (const key of ['code', 'statusCode', 'constraint', 'table', 'column'] as const) {
    if (e[key] !== undefined) out[key] = e[key]
  }
  if (typeof e.query === 'string') out.query = e.query
  if (e.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(e.cause, depth + 1)
  // PostgreSQL's `detail` and `where`, and any other own field, are left out on purpose.
  return out
}
