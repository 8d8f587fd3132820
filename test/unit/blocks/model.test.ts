/**
 * The TypeScript tree evaluator against XGBoost's own predictions on the same feature rows (a fixture the trainer
 * writes beside the shipped model): margins, probabilities and path contributions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockBias, blockMargin, modelKeeps, readBlockModel, sigmoid } from '../../../src/blocks/model';
import modelFile from '../../../src/blocks/model.json';

interface Fixture {
  rows: number[][];
  margin: number[];
  probability: number[];
  contributions: number[][];
}

const fixture = JSON.parse(readFileSync(join(__dirname, '../fixtures/block-model-predictions.json'), 'utf8')) as Fixture;
const model = readBlockModel(modelFile);

describe('block model evaluator', () => {
  it('gives the margins and probabilities XGBoost gives on the same rows', () => {
    expect(fixture.rows.length).toBeGreaterThan(10);
    fixture.rows.forEach((row, i) => {
      const margin = blockMargin(model, Float32Array.from(row));
      expect(margin).toBeCloseTo(fixture.margin[i]!, 3);
      expect(sigmoid(margin)).toBeCloseTo(fixture.probability[i]!, 4);
    });
  });

  it("gives XGBoost's path contributions per feature, and they add up to the margin", () => {
    fixture.rows.forEach((row, i) => {
      const contributions = new Float64Array(model.features.length);
      const margin = blockMargin(model, Float32Array.from(row), contributions);
      const expected = fixture.contributions[i]!;
      contributions.forEach((c, f) => expect(c).toBeCloseTo(expected[f]!, 3));
      expect(blockBias(model)).toBeCloseTo(expected[expected.length - 1]!, 3);
      expect(contributions.reduce((s, c) => s + c, blockBias(model))).toBeCloseTo(margin, 4);
    });
  });

  it("sends a missing value (a rule this version no longer has) down XGBoost's default branch", () => {
    // One split on feature 0 at 0.5: left leaf -1, right leaf +2; missing goes right in the first model, left in the second.
    const tree = (missingLeft: number) => ({ feature: [0, -1, -1], split: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], missingLeft: [missingLeft, 0, 0], value: [0.5, -1, 2] });
    const small = (missingLeft: number) => readBlockModel({ format: 'pith-block-model/1', library: 'test', features: ['rule_x'], baseMargin: 0, cutoff: 0.5, trees: [tree(missingLeft)] });
    expect(blockMargin(small(0), [Number.NaN])).toBe(2);
    expect(blockMargin(small(1), [Number.NaN])).toBe(-1);
    expect(blockMargin(small(1), [1])).toBe(2);
    // The shipped model on a row whose rule verdicts are all missing still gives a probability.
    const rules = model.features.map((f, i) => (f.startsWith('rule_') ? i : -1)).filter((i) => i >= 0);
    expect(rules.length).toBeGreaterThan(0);
    const row = Float32Array.from(fixture.rows[0]!);
    for (const i of rules) row[i] = Number.NaN;
    const p = sigmoid(blockMargin(model, row));
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThanOrEqual(1);
  });

  it('decides alone by its cutoff, and in the combination overturns the pipeline only past its own two cutoffs', () => {
    const m = { ...model, cutoff: 0.4, overturn: { removeBelow: 0.1, keepAbove: 0.9 } };
    expect(modelKeeps(m, 0.5, 'alone', false)).toBe(true);
    expect(modelKeeps(m, 0.3, 'alone', true)).toBe(false);
    expect(modelKeeps(m, 0.3, 'overturn', true)).toBe(true);
    expect(modelKeeps(m, 0.05, 'overturn', true)).toBe(false);
    expect(modelKeeps(m, 0.8, 'overturn', false)).toBe(false);
    expect(modelKeeps(m, 0.95, 'overturn', false)).toBe(true);
  });

  it('refuses a file that is not a block model', () => {
    expect(() => readBlockModel({ trees: [] })).toThrow(/not a pith-block-model/);
  });

  it('fits the size budget', () => {
    expect(JSON.stringify(modelFile).length).toBeLessThan(2_000_000);
  });
});
