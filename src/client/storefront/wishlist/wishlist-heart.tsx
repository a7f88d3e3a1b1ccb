import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react'
import { useAuth } from '../../lib/auth'
import type { HeartToggleProps } from './heart-toggle'

// Everything but this gate (the button, its icon, the wishlist query, the toasts) is a chunk of its
// own, fetched only once a signed-in shopper is shown a heart: anonymous visitors, the case the
// 120 KB first-load budget measures, never download it.
let LoadedToggle: ComponentType<HeartToggleProps> | undefined
let loading: Promise<void> | undefined
const loadToggle = () =>
  (loading ??= import('./heart-toggle')
    .then((module) => {
      LoadedToggle = module.HeartToggle
    })
    .catch(() => {
      // Offline or a new deploy: no heart for now, and the next one to mount tries again.
      loading = undefined
    }))

const noSubscribe = () => () => {}

/**
 * The wishlist toggle, for signed-in shoppers and pieces not sold (storefront.md §4). The server and
 * the hydrating browser render nothing, so hydration always matches; the heart fades in once its code
 * is there (the caller keeps its place, so nothing moves).
 */
export function WishlistHeart(props: HeartToggleProps & { sold: boolean }) {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  )
  // Nor do they ask who is signed in: a listing renders one of these per card.
  return hydrated ? <HeartGate {...props} /> : null
}

function HeartGate({ sold, ...props }: HeartToggleProps & { sold: boolean }) {
  const { user } = useAuth()
  const shown = !!user && !sold
  const [, setLoaded] = useState(false)
  useEffect(() => {
    if (shown && !LoadedToggle) void loadToggle().then(() => setLoaded(!!LoadedToggle))
  }, [shown])
  return shown && LoadedToggle ? <LoadedToggle {...props} /> : null
}
