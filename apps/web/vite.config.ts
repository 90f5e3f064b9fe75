import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIcons } from './icons';

const api = process.env.INKWELL_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    appIcons(),
    // Our own service worker (src/sw/sw.ts: the shell, offline page, Web Push), given the shell's file list.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // Only what the first screen needs, not every lazy chunk: a phone on mobile data downloads the rest
        // when a screen asks for it (and keeps it then).
        globPatterns: ['index.html', 'offline.html', 'favicon.svg', 'manifest.webmanifest', 'assets/index-*.{js,css}'],
        globIgnores: ['**/*.map'],
      },
      devOptions: { enabled: false },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0') },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
});
