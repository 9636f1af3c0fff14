import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          // Worker threads are separate modules loaded by path: the embedded sandbox's writer,
          // the webhook receiver's writer, and the checkout search's reader.
          'sandbox-writer-thread': resolve(import.meta.dirname, 'sandbox/writer/thread.ts'),
          'receiver-writer-thread': resolve(
            import.meta.dirname,
            'electron/core/receiver/writer-thread.ts',
          ),
          'search-thread': resolve(import.meta.dirname, 'electron/core/store/search-thread.ts'),
        },
        // keytar is a native addon: loaded at run time, never bundled.
        external: ['keytar'],
        // One flat folder, so a chunk finds the *-thread.js files beside itself.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/preload/index.ts') },
        // A sandboxed preload cannot require(); bundle everything into one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    plugins: [react()],
    build: {
      // electron-vite leaves the renderer unminified; the 200 KB gzipped budget needs it,
      // and the compressed-size report is the figure the budget is checked against.
      minify: true,
      reportCompressedSize: true,
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
