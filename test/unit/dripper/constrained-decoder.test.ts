import { describe, expect, it } from 'vitest';
import { allowedTokens, decodeLabels, LabelConstraint, VocabIndex, type TokenVocab } from '../../../src/dripper/constrained-decoder';
import { parseLabels } from '../../../src/dripper/labels';
import { LabelGrammar } from '../../../src/dripper/output-grammar';

/** A seeded generator, so a failure can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Every complete answer for these ids (2^n of them): the oracle the mask is checked against. */
function allAnswers(ids: string[]): string[] {
  let answers = [''];
  ids.forEach((id, i) => {
    answers = answers.flatMap((a) => ['main', 'other'].map((l) => `${a}${i === 0 ? '{' : ','}"${id}":"${l}"`));
  });
  return ids.length === 0 ? ['{}'] : answers.map((a) => `${a}}`);
}

/** Tokens that overlap (every character of an answer is also a token of its own, as in byte-level BPE) the answer's pieces in every way that matters, plus junk. */
const PIECES = ['{', '}', '"', ':', ',', '{"', '":"', '","', '"}', 'm', 'ma', 'main', 'main"', 'main",', 'main"}', 'o', 'oth', 'other', 'other",', 'other"}', 'ot', 'her', 'in', 'n', 'a', '1', '2', '3', '12', '4', '"1', '"2":"', '":', ' ', ' main', 'Main', 'OTHER', '\n', '<', 'div', '{"1":"', '",2', '"}}', 'ain"', 'er","3', 'e', 'h', 'i', 'r', 't'];

function syntheticVocab(): TokenVocab {
  return { strings: ['', ...PIECES], eos: 0 };
}

describe('the label grammar', () => {
  it('accepts exactly the prefixes of the valid answers (checked against all answers for small id lists)', () => {
    const random = rng(7);
    for (const ids of [[], ['1'], ['1', '2'], ['3', '12', '4']]) {
      const grammar = new LabelGrammar(ids);
      const answers = allAnswers(ids);
      for (let trial = 0; trial < 300; trial++) {
        const base = answers[Math.floor(random() * answers.length)];
        const cut = base.slice(0, Math.floor(random() * (base.length + 1)));
        const probe = random() < 0.5 ? cut : cut + PIECES[Math.floor(random() * PIECES.length)];
        const valid = answers.some((a) => a.startsWith(probe));
        expect(grammar.advance(grammar.start, probe) !== null, `${JSON.stringify(ids)} ${probe}`).toBe(valid);
      }
    }
  });
});

describe('the constrained decoder over random logits', () => {
  it('never allows a token that leaves the valid answers, and always allows one (synthetic vocabulary)', async () => {
    const vocab = syntheticVocab();
    const index = new VocabIndex(vocab);
    const random = rng(42);
    for (let trial = 0; trial < 80; trial++) {
      const n = Math.floor(random() * 4);
      const ids = Array.from({ length: n }, (_, i) => String([1, 2, 3, 12, 4][i]));
      const answers = allAnswers(ids);
      const grammar = new LabelGrammar(ids);
      const result = await decodeLabels({
        index,
        ids,
        forceFixedText: false,
        encode: () => {
          throw new Error('no fixed text is forced in this mode');
        },
        nextLogits: async (generated) => {
          const text = generated.map((t) => vocab.strings[t]).join('');
          const state = grammar.advance(grammar.start, text)!;
          const allowed = allowedTokens(grammar, index, state);
          expect(allowed.length).toBeGreaterThan(0);
          for (let id = 0; id < vocab.strings.length; id++) {
            const ok = id === vocab.eos ? answers.includes(text) : answers.some((a) => a.startsWith(text + vocab.strings[id]));
            expect(allowed.includes(id), `after ${JSON.stringify(text)}: ${JSON.stringify(vocab.strings[id])}`).toBe(ok && vocab.strings[id] !== '' || (id === vocab.eos && ok));
          }
          return Float32Array.from(vocab.strings, () => random() * 20 - 10);
        },
      });
      expect(answers).toContain(result.text);
      expect([...parseLabels(result.text, ids).keys()]).toEqual(ids);
    }
  });

  it('masks in place as a logits processor inside a generation loop', () => {
    const vocab = syntheticVocab();
    const constraint = new LabelConstraint(new VocabIndex(vocab), ['1', '2']);
    const ids = (...pieces: string[]) => pieces.map((p) => vocab.strings.indexOf(p));
    const logits = new Float32Array(vocab.strings.length).fill(1);
    constraint.mask(logits, ids('{"1":"', 'ma'));
    const open = [...logits].flatMap((v, i) => (v > -Infinity ? [vocab.strings[i]] : []));
    expect(open.sort()).toEqual(['i', 'in'].sort()); // 'in' completes "main", 'i' goes one letter; 'n' skips one
    const fresh = new LabelConstraint(new VocabIndex(vocab), ['1', '2']);
    expect(() => fresh.mask(new Float32Array(vocab.strings.length), ids('main'))).toThrow(/broke the answer format/);
  });
});

describe('the constrained decoder with the GPT-2 fixture’s real vocabulary (49,152 byte-level BPE tokens)', async () => {
  const { hasModelFolder, MODELS_DIR } = await import('../../helpers/models');
  const folder = 'synthetic-tiny-gpt2-smollm-vocab';
  it.skipIf(!hasModelFolder(folder))('gives a valid label map for random logits, token by token and with the fixed text forced', async () => {
    const { AutoTokenizer, env } = await import('@huggingface/transformers');
    const { vocabStrings } = await import('../../../src/dripper/transformers-engine');
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = `${MODELS_DIR}/`;
    const tokenizer = await AutoTokenizer.from_pretrained(folder);
    const vocab = { strings: vocabStrings(tokenizer, 49152), eos: tokenizer.eos_token_id! };
    const index = new VocabIndex(vocab);
    expect(index.missingChars('{}":,0123456789mainother')).toEqual([]);
    const random = rng(11);
    for (let trial = 0; trial < 16; trial++) {
      const start = 1 + Math.floor(random() * 500);
      const ids = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => String(start + i));
      const forceFixedText = trial % 2 === 0;
      const result = await decodeLabels({
        index,
        ids,
        forceFixedText,
        encode: (text) => tokenizer.encode(text, { add_special_tokens: false }),
        nextLogits: async () => Float32Array.from({ length: 49152 }, () => random() * 40 - 20),
      });
      expect([...parseLabels(result.text, ids).keys()]).toEqual(ids);
      expect(tokenizer.decode(result.tokens)).toBe(result.text);
      if (forceFixedText) expect(result.steps).toBe(ids.length); // the model is asked once per block
    }
  });
});
