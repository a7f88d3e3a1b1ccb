import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    // The admin and account areas are separate lazy chunks; shoppers never download them.
    sourcemap: false,
    manifest: false,
  },
  ssr: {
    // Bundled into the SSR build so the server needs nothing from Vite at run time.
    noExternal: ['radix-ui', /^@radix-ui\//, 'lucide-react'],
  },
})
