// The dashboard is built to dashboard/dist and served by the API process at `/` (api/routes/dashboard.ts).
// `npm run dev` builds it once; the API proxies nothing, because the app calls the same origin.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The report the README quotes: initial JavaScript, gzip.
    reportCompressedSize: true,
  },
});
