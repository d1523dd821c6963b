// The dashboard is built to dashboard/dist and served by the API process at `/` (api/routes/dashboard.ts).
// `npm run dev` builds it once; the API proxies nothing, because the app calls the same origin.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Redoc's sidebar credits Redocly with a logo fetched from its CDN, which the reference's CSP
 * refuses (a console error on every load). The credit stays; its image becomes an inline SVG.
 */
function redocLogoInline(): Plugin {
  const logo = (text: string) =>
    `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${text.length * 8}" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#6b7280">${text}</text></svg>`)}`;
  return {
    name: 'redoc-logo-inline',
    transform(code, id) {
      if (!id.includes('redoc.standalone')) return null;
      return code
        .replace('https://cdn.redoc.ly/redoc/logo-mini-full.svg', logo('Redocly'))
        .replace('https://cdn.redoc.ly/redoc/logo-mini.svg', logo('R'));
    },
  };
}

export default defineConfig({
  plugins: [react(), redocLogoInline()],
  // tsconfig.json's `paths`: `@sdk/openapi` is the API's generated types, the TypeScript SDK's file.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The report the README quotes: initial JavaScript, gzip.
    reportCompressedSize: true,
    // Two pages: the dashboard (index.html) and the API reference at /docs (docs.html).
    rollupOptions: { input: { app: 'index.html', docs: 'docs.html' } },
    // Redoc's standalone bundle is one 2.3 MB chunk, loaded by /docs only.
    chunkSizeWarningLimit: 2500,
  },
});
