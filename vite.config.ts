import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// react-router's package exports only its development build (warnings, checks); production
// bundles take the production build it also ships.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
)

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: mode === 'production' ? { alias: { 'react-router': reactRouterProduction } } : {},
  build: {
    // The admin and account areas are separate lazy chunks; shoppers never download them.
    sourcemap: false,
    // The client's manifest tells the server which chunks a back-office or account page will
    // import, to name them in its head (src/server/http/module-preloads.ts).
    manifest: !isSsrBuild,
    // Every browser the shop supports has modulepreload: no polyfill in the boot script.
    modulePreload: {
      polyfill: false,
      // The back office and the account area are opened by few, and their chunks import what they
      // need anyway: listing their dependencies for preloading would only weigh down every
      // shopper's entry script. Storefront pages keep their preloads.
      resolveDependencies: (filename, deps) => (/(admin-app|account-area)-/.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // What every page needs, in one file: fewer requests and better compression than the
        // dozen slivers the splitter would otherwise cut it into.
        codeSplitting: {
          groups: [
            // Vite's helper for dynamic imports, on its own: the boot script (boot.ts) needs
            // nothing else before the first paint.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 10 },
            // The storefront's own shell (header, footer, cards, the small UI pieces they use): one
            // file instead of twenty slivers. Pieces that only lazy chunks use stay out of it.
            {
              name: 'storefront',
              test: /src[\\/]client[\\/](lib[\\/](api|queries|cn|head|auth|client-only|use-once-opened)|storefront[\\/]layout[\\/](?!cart-sheet|mobile-menu|discount-code-field)|storefront[\\/]cart[\\/]|storefront[\\/]catalog[\\/](product-card|quantity-stepper|listing-params)|storefront[\\/]wishlist[\\/]wishlist-heart|ui[\\/](button|badge|price|skeleton|page-skeleton|product-image|sold-ribbon|empty-state|disclosure-menu|deferred-toaster|use-toast)|admin[\\/]section-titles)|lucide-react[\\/].*[\\/](arrow-left|arrow-right|chevron-left|chevron-right)\.m?js/,
            },
            {
              name: 'framework',
              // Only the query client: @tanstack/react-table is the back office's and stays in its chunk.
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|clsx|tailwind-merge|class-variance-authority)[\\/]/,
            },
          ],
        },
      },
    },
  },
  ssr: {
    // Bundled into the SSR build so the server needs nothing from Vite at run time.
    noExternal: ['radix-ui', /^@radix-ui\//, 'lucide-react'],
  },
}))
