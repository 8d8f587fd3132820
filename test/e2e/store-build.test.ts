/**
 * The store build asks for the least it needs: no host permissions, no content script registered for any site,
 * in both the Chrome and the Firefox build (the tests grant the local test server to their own copy only). Web
 * sites are only optional, asked for one site at a time when the reader turns on auto-open for it (issue 37).
 * Run: npm run build --silent && node --import tsx --test test/e2e/store-build.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ensureBuilt, ROOT } from './harness';

const BUILDS = { chrome: '.output/chrome-mv3', firefox: '.output/firefox-mv3' } as const;

describe('store build manifests', () => {
  for (const [browser, dir] of Object.entries(BUILDS)) {
    it(`${browser}: no host permissions, reads a page only after a click (activeTab)`, () => {
      if (browser === 'chrome') ensureBuilt();
      const path = join(ROOT, dir, 'manifest.json');
      assert.ok(existsSync(path), `${path} is missing: run npm run build`);
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      assert.equal(manifest.host_permissions, undefined, JSON.stringify(manifest.host_permissions));
      assert.deepEqual(manifest.optional_host_permissions, ['http://*/*', 'https://*/*'], 'web pages only, asked for per site');
      const permissions = manifest.permissions as string[];
      assert.ok(permissions.includes('activeTab'), JSON.stringify(permissions));
      assert.ok(!permissions.some((p) => p.includes('://') || p === '<all_urls>' || p === 'tabs'), JSON.stringify(permissions));
      const scripts = (manifest.content_scripts as unknown[] | undefined) ?? [];
      assert.equal(scripts.length, 0, 'no content script runs on sites by itself');
    });
  }
});
