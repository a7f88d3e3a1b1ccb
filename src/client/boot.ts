import './styles.css'

const startApp = () => void import('./entry-client')

/**
 * The page is server-rendered and readable without scripts: let the browser paint it first, with
 * the network to itself for the page, its images and fonts, and only then fetch and start the app
 * (React's hydration is the heaviest work of a first visit).
 *
 * "Painted" is the browser's own report of its first paint, which comes once the frame is on the
 * screen: the frame after the first requestAnimationFrame can be drawn and still not shown, and
 * starting then let the app's scripts (~100 KB) queue ahead of the first paint. A page that never
 * reports one (a browser without paint timing, or one that reports only contentful paints, on a
 * page of skeletons) starts a little after its first frame, as before.
 */
function whenPainted(start: () => void) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    start()
  }
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect()
      setTimeout(once, 0)
    })
    observer.observe({ type: 'paint', buffered: true })
    requestAnimationFrame(() => setTimeout(once, 100))
  } else {
    requestAnimationFrame(() => setTimeout(once, 0))
  }
}

whenPainted(startApp)
