import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { addModelHostAssets } from './ext/model-host/build-assets';

// A fixed public key keeps the extension id stable across checkouts (tests and the README rely on it).
const DEV_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu/SCpK+4GsGqPWDGBOsRizruVChfraNF3evA8LK9g1uik5YG4pwQQiLf5j2pBFsphEtyUGu6mjZfOrruoddr18sOpG6tZ81FPJfHHY73vIsiCZ45VpLmAfIT9exKl0G+vrunGmfiOD1kdB95kSs8HFJOyZgPeCm7I4JzxEk8faUCUJzuJPzuBJkeJ26nwJgwDwIds55w+RAfC6zNQ1jR6jc5ulpjAuu5NBNbzMwIy19NyKvY3qWu7/0XwxAq3bW7EDud2wN+daAtTDef03ycPyZyzmlY8rhX9wRnkfJsyluy7TZSLjPqAA2MFkK8GTLT1DjTsYCxLn8AzMWVebQaXQIDAQAB';

export default defineConfig({
  manifestVersion: 3,
  // Model files are added to the build from node_modules and ../shared/models; nothing large goes into git.
  hooks: { 'build:publicAssets': addModelHostAssets },
  // Workers as ES modules: the model host's embedding Worker (ext/model-host/embed-worker.ts) loads models lazily.
  vite: () => ({ plugins: [preact()], worker: { format: 'es' } }),
  // The release build (`npm run zip`, PITH_RELEASE=1: no test fixtures) goes to its own folder, so it never replaces
  // the build the tests load.
  outDir: process.env.PITH_RELEASE === '1' ? '.output/release' : '.output',
  // `npm run zip`: the store packages; Firefox's review gets the sources zip (without local caches and results).
  zip: {
    artifactTemplate: '{{name}}-{{version}}-{{browser}}.zip',
    sourcesTemplate: '{{name}}-{{version}}-sources.zip',
    excludeSources: ['out/**', 'bench/results/**', '.wxt/**', '.output/**', '**/*.log'],
  },
  manifest: ({ browser }) => ({
    name: 'Pith',
    key: browser === 'firefox' ? undefined : DEV_KEY,
    description: 'A reader view that tells you why every removed piece was removed.',
    permissions: ['activeTab', 'scripting', 'storage', 'contextMenus', ...(browser === 'firefox' ? [] : ['offscreen'])],
    // No host permissions: every page is read through activeTab after a click. The end-to-end tests add the local
    // test server to their own copy of the manifest (test/e2e/harness.ts grantTestHosts).
    // Auto-open asks for one site at a time, when the reader turns it on for that site (ext/auto-open.ts).
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: 'Open Pith reader (Alt+Shift+R)' },
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+R' }, description: 'Open the Pith reader' },
      annotate: { suggested_key: { default: 'Alt+Shift+A' }, description: 'Annotate this page (correct what Pith keeps and removes)' },
    },
    content_security_policy: {
      extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';",
    },
    ...(browser === 'firefox'
      ? { browser_specific_settings: {
          gecko: {
            id: 'pith@pith.dev',
            strict_min_version: '128.0',
            // Pith sends nothing anywhere: pages and models stay on the machine.
            data_collection_permissions: { required: ['none'] },
          },
        } }
      : {}),
    // No cross_origin_embedder_policy / cross_origin_opener_policy: they made every extension page cross-origin
    // isolated, so the reader tab could not use the extension's running renderer and waited for a new process at every
    // click (about 150-350 ms, issue 9). The model host's WASM threads do not need isolation in Chromium's extension
    // pages (src/embedding/threads.ts checks for shared memory itself and falls back to one thread).
  }),
});
