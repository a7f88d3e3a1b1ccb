/**
 * A cookie scripts may read, set beside the HttpOnly session cookie and cleared with it: "this
 * browser has a session". A page served from a shared cache carries nobody's data, and the
 * browser asks who is signed in and for the cart only when it holds a session, so a visitor
 * without one costs no request and sees no 401 in the console.
 */
export const SESSION_HINT_COOKIE = 'has_session'

/** Whether the browser holds a session (false on the server, where pages are rendered). */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(`${SESSION_HINT_COOKIE}=1`)
}
