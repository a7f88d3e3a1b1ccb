import { type ComponentType, lazy } from 'react'
import type { PageHandle, PageRoute } from './page'

/**
 * A page in a chunk of its own. Once its chunk is loaded (the server awaits `load` before it
 * renders, and entry-client before it hydrates) it renders without suspending, so the HTML needs
 * no inline script to swap a fallback out and hydration finds the component the server drew.
 * Before that (a later navigation) it suspends like any lazy component.
 */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M) {
  let Loaded: ComponentType | undefined
  const preload = () =>
    load().then((module) => {
      Loaded = module[name] as ComponentType
      return module
    })
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })))
  // biome-ignore lint/correctness/noComponentHookFactories: one component per page, made once at module load
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />
  }
  return { Page, load: preload }
}

/**
 * A storefront page's route: its page in a chunk of its own (above), and its handle, which loads
 * that chunk. The server waits for it while rendering and the browser loads the current page's
 * chunk before hydrating (entry-client), so first loads carry only the shell and one page.
 */
export function lazyPageRoute<M>(
  load: () => Promise<M>,
  name: keyof M,
  handle: Omit<PageHandle, 'load'>,
): PageRoute {
  const { Page, load: preload } = lazyPage(load, name)
  return { element: <Page />, handle: { ...handle, load: preload } }
}
