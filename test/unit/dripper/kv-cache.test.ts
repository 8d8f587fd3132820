import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrompt } from '../../../src/dripper/prompt';
import { parseLabels } from '../../../src/dripper/labels';
import { loadTransformersEngine, type TransformersLabelEngine } from '../../../src/dripper/transformers-engine';
import { hasModelFolder, MODELS_DIR } from '../../helpers/models';
import { KV_FIXTURE, writeKvGpt2Fixture } from '../../helpers/kv-gpt2-fixture';

const GPT2 = 'synthetic-tiny-gpt2-smollm-vocab';
const BLOCKS = [
  '<h1 _item_id="1">Lanterns on the canal</h1>',
  '<p _item_id="2">Every autumn the lock keepers hang paper lanterns along the towpath.</p>',
  '<nav _item_id="3"><a>Home</a> <a>Boats</a></nav>',
  '<p _item_id="4">The custom began after a flood, when keepers lit the path at night.</p>',
  '<div class="share" _item_id="5">Share on social media</div>',
];

describe.skipIf(!hasModelFolder(GPT2))('the transformers.js engine with a KV cache', () => {
  let root: string;
  let withCache: TransformersLabelEngine;
  let withoutCache: TransformersLabelEngine;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'pith-kv-'));
    await writeKvGpt2Fixture(MODELS_DIR, root);
    withCache = await loadTransformersEngine({ model: KV_FIXTURE, root, dtype: 'fp32' });
    withoutCache = await loadTransformersEngine({ model: KV_FIXTURE, root, dtype: 'fp32', kvCache: false });
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('uses the cache only where the model takes past keys and values', async () => {
    expect(withCache.kvCache).toBe(true);
    expect(withoutCache.kvCache).toBe(false);
    const shared = await loadTransformersEngine({ model: GPT2, root: MODELS_DIR });
    expect(shared.kvCache).toBe(false); // the shared fixture has no cache inputs: every step runs the whole sequence
  });

  it('gives the same labels with and without the cache, on short and long prompts', async () => {
    for (const repeat of [1, 3]) {
      const html = Array.from({ length: repeat }, () => BLOCKS.join('\n')).join('\n');
      const ids = ['1', '2', '3', '4', '5'];
      const prompt = buildPrompt(html, { title: 'Lanterns on the canal' });
      const cached = await withCache.label({ prompt, ids });
      expect(cached.promptTokens).toBeGreaterThan(repeat === 1 ? 100 : 400); // a short and a long prompt
      const full = await withoutCache.label({ prompt, ids });
      expect(cached.text).toBe(full.text);
      expect(cached.steps).toBe(full.steps);
      expect([...parseLabels(cached.text, ids).keys()]).toEqual(ids);
    }
  }, 300_000);
});
