import { type ComponentType, lazy } from 'react'

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
