/**
 * Build config for the page bundle: cli/page-entry.ts as one ES module (plus chunks and assets) in
 * .output/page/, which the CLI and the benchmark serve to the page under /__pith__/ and import.
 *
 * Not `build.lib`: Vite's library mode inlines every asset as a base64 data URL whatever assetsInlineLimit says,
 * so WebAssembly (voy-search, onnxruntime-web, tfjs) would be embedded in the JS. An ordinary build with the entry
 * as an input that keeps its exports gives the same ES module with the wasm files emitted next to it, and
 * `base: './'` makes them load relative to the module (new URL(file, import.meta.url)) wherever it is served from.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type InlineConfig } from 'vite';

export const PROJECT_ROOT = fileURLToPath(new URL('.', import.meta.url));
export const PAGE_ENTRY = fileURLToPath(new URL('./cli/page-entry.ts', import.meta.url));
export const PAGE_OUT_DIR = fileURLToPath(new URL('./.output/page/', import.meta.url));
/** The entry's file name in the output; the CLI imports `/__pith__/${PAGE_BUNDLE_FILE}`. */
export const PAGE_BUNDLE_FILE = 'page-entry.js';

export function pageBuildConfig(outDir: string = PAGE_OUT_DIR, entry: string = PAGE_ENTRY): InlineConfig {
  return {
    root: PROJECT_ROOT,
    configFile: false,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    // Same aliases as WXT (srcDir is the project root).
    resolve: { alias: { '@': PROJECT_ROOT, '~': PROJECT_ROOT, '@@': PROJECT_ROOT, '~~': PROJECT_ROOT } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: '.',
      target: 'esnext',
      minify: false,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: { 'page-entry': entry },
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  };
}

export default defineConfig(pageBuildConfig());
