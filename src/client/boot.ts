import './styles.css'

// The page is server-rendered and readable without scripts: let the browser paint it first, with
// the network to itself for the page, its images and fonts, and only then fetch and start the
// app (React's hydration is the heaviest work of a first visit).
requestAnimationFrame(() => setTimeout(() => import('./entry-client'), 0))
