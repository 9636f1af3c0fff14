import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Compiles the message catalogues (scripts/i18n/catalogues.ts) before the renderer is built,
 * so a translation edited without `npm run i18n:compile` still ships. The compiled files are
 * committed: where the compiler cannot run (a Node without type stripping, a platform the
 * formatjs CLI has no binary for), the build says so and uses them as they are.
 */
function compileMessages(): Plugin {
  return {
    name: 'merchant:compile-messages',
    buildStart() {
      const run = spawnSync(
        process.execPath,
        [resolve(import.meta.dirname, 'scripts/i18n/cli.ts'), 'compile'],
        { encoding: 'utf8', timeout: 120_000 },
      );
      if (run.status !== 0) {
        this.warn(
          `Message catalogues not compiled (${(run.stderr || run.error?.message || '').trim().slice(0, 500)}); using the committed renderer/src/i18n/compiled/.`,
        );
      }
    },
  };
}

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
          'search-thread': resolve(import.meta.dirname, 'electron/core/mirror/search-thread.ts'),
        },
        // keytar is a native addon: loaded at run time, never bundled.
        external: ['keytar'],
        output: {
          // One flat folder, so a chunk finds the *-thread.js files beside itself.
          chunkFileNames: '[name]-[hash].js',
          // Code the sandbox and the console share (shared/node/) gets a chunk of its own:
          // left in the main entry, the embedded sandbox's chunk imported index.js, which
          // loads electron, so the sandbox could not be loaded outside Electron.
          manualChunks: (id: string) => (id.includes('/shared/node/') ? 'shared-node' : undefined),
        },
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
    plugins: [compileMessages(), react()],
    resolve: {
      alias: {
        // Every message reaches the page pre-parsed (the compiled catalogues, complete in
        // every language: test/unit/scripts/i18n-catalogues.test.ts), so the ICU parser is
        // never called; its no-parser build saves 7.4 KiB gz of the first screen's 200.
        '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    },
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
