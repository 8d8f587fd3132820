import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  resolve: { alias: { 'voy-search': 'voy-search/voy_search.js' } },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    environment: 'happy-dom',
    server: { deps: { inline: ['voy-search'] } },
    testTimeout: 60_000,
    // Loading a model in beforeAll takes more than the default 10 s on a busy machine; a timed-out hook fails its file.
    hookTimeout: 60_000,
  },
});
