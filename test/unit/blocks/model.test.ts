/**
 * The TypeScript tree evaluator against XGBoost's own predictions on the same feature rows (a fixture the trainer
 * writes beside the shipped model): margins, probabilities and path contributions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockBias, blockMargin, readBlockModel, sigmoid } from '../../../src/blocks/model';
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

  it('refuses a file that is not a block model', () => {
    expect(() => readBlockModel({ trees: [] })).toThrow(/not a pith-block-model/);
  });

  it('fits the size budget', () => {
    expect(JSON.stringify(modelFile).length).toBeLessThan(2_000_000);
  });
});
