/**
 * Writes a random-weight GPT-2 with a KV cache (past_key_values.N.key/value in, present.N.key/value out), the
 * same shape as ../shared/models/synthetic-tiny-gpt2-smollm-vocab (2 layers, 64 wide, 2 heads, 1,024 positions,
 * SmolLM's 49,152-token vocabulary and its tokenizer files), whose ONNX graph has no cache inputs. The graph is
 * built here with ONNX's protobuf schema (shipped in onnxruntime-web): nothing is downloaded. fp32 weights, seeded,
 * so every run writes the same model. For plumbing and speed only: its labels mean nothing.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const ortWeb = require.resolve('onnxruntime-web');
const ortWebDir = ortWeb.slice(0, ortWeb.lastIndexOf('onnxruntime-web') + 'onnxruntime-web'.length);
const { onnx } = require(join(ortWebDir, 'lib/onnxjs/ort-schema/protobuf/onnx.js')) as { onnx: any };

export const KV_FIXTURE = 'synthetic-tiny-gpt2-kv-smollm-vocab';
const SOURCE = 'synthetic-tiny-gpt2-smollm-vocab';
const LAYERS = 2;
const WIDTH = 64;
const HEADS = 2;
const HEAD = WIDTH / HEADS;
const VOCAB = 49_152;
const POSITIONS = 1024;

const FLOAT = 1;
const INT64 = 7;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function writeKvGpt2Fixture(sharedModels: string, outRoot: string): Promise<string> {
  const dir = join(outRoot, KV_FIXTURE);
  if (existsSync(join(dir, 'onnx/model.onnx'))) return dir;
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  const next = random(20261123);
  const initializers: unknown[] = [];
  const nodes: unknown[] = [];
  const weight = (name: string, dims: number[], fill?: number, scale = 0.2) => {
    const size = dims.reduce((a, b) => a * b, 1);
    const data = new Float32Array(size);
    for (let i = 0; i < size; i++) data[i] = fill ?? (next() * 2 - 1) * scale;
    initializers.push({ name, dims, dataType: FLOAT, rawData: new Uint8Array(data.buffer) });
    return name;
  };
  const ints = (name: string, values: number[], scalar = false) => {
    initializers.push({ name, dims: scalar ? [] : [values.length], dataType: INT64, int64Data: values });
    return name;
  };
  const floatScalar = (name: string, value: number) => {
    initializers.push({ name, dims: [], dataType: FLOAT, floatData: [value] });
    return name;
  };
  let counter = 0;
  const node = (op: string, inputs: string[], attrs: Record<string, number | number[]> = {}, output?: string) => {
    const out = output ?? `${op.toLowerCase()}_${counter++}`;
    const attribute = Object.entries(attrs).map(([name, v]) => (Array.isArray(v) ? { name, type: 7, ints: v } : { name, type: 2, i: v }));
    nodes.push({ opType: op, input: inputs, output: [out], name: out, attribute });
    return out;
  };
  const linear = (x: string, name: string, inDim: number, outDim: number) => node('Add', [node('MatMul', [x, weight(`${name}.w`, [inDim, outDim])]), weight(`${name}.b`, [outDim], 0)]);
  const layerNorm = (x: string, name: string) => node('LayerNormalization', [x, weight(`${name}.g`, [WIDTH], 1), weight(`${name}.b`, [WIDTH], 0)], { axis: -1 });

  const wte = weight('wte', [VOCAB, WIDTH]);
  let x = node('Add', [node('Gather', [wte, 'input_ids']), node('Gather', [weight('wpe', [POSITIONS, WIDTH]), 'position_ids'])]);
  const zero = ints('zero', [0], true);
  const one = ints('one', [1], true);
  const two = ints('two', [2], true);
  const headShape = ints('head_shape', [0, -1, HEADS, HEAD]);
  const flatShape = ints('flat_shape', [0, -1, WIDTH]);
  const scale = floatScalar('scale', 1 / Math.sqrt(HEAD));
  const masked = floatScalar('masked', -1e9);
  const half = floatScalar('half', 0.5);
  const unit = floatScalar('unit', 1);
  const sqrt2 = floatScalar('sqrt2', Math.SQRT2);
  const axes0 = ints('axes0', [0]);
  const axes1 = ints('axes1', [1]);
  const axes12 = ints('axes12', [1, 2]);
  const split = (h: string) => node('Transpose', [node('Reshape', [h, headShape])], { perm: [0, 2, 1, 3] });
  // Which cached positions each new position may attend to: keys up to its own absolute position, and not masked.
  let allowed = '';
  for (let layer = 0; layer < LAYERS; layer++) {
    const p = `h${layer}`;
    const h = layerNorm(x, `${p}.ln1`);
    const q = split(linear(h, `${p}.q`, WIDTH, WIDTH));
    const k = node('Concat', [`past_key_values.${layer}.key`, split(linear(h, `${p}.k`, WIDTH, WIDTH))], { axis: 2 }, `present.${layer}.key`);
    const v = node('Concat', [`past_key_values.${layer}.value`, split(linear(h, `${p}.v`, WIDTH, WIDTH))], { axis: 2 }, `present.${layer}.value`);
    if (!allowed) {
      const total = node('Gather', [node('Shape', [k]), two]);
      const fresh = node('Gather', [node('Shape', [q]), two]);
      const keys = node('Range', [zero, total, one]);
      const queries = node('Range', [node('Sub', [total, fresh]), total, one]);
      const causal = node('LessOrEqual', [node('Unsqueeze', [keys, axes0]), node('Unsqueeze', [queries, axes1])]);
      const padding = node('Unsqueeze', [node('Cast', ['attention_mask'], { to: 9 }), axes12]);
      allowed = node('And', [causal, padding]);
    }
    const scores = node('Mul', [node('MatMul', [q, node('Transpose', [k], { perm: [0, 1, 3, 2] })]), scale]);
    const probs = node('Softmax', [node('Where', [allowed, scores, masked])], { axis: -1 });
    const context = node('Reshape', [node('Transpose', [node('MatMul', [probs, v])], { perm: [0, 2, 1, 3] }), flatShape]);
    x = node('Add', [x, linear(context, `${p}.o`, WIDTH, WIDTH)]);
    const m = linear(layerNorm(x, `${p}.ln2`), `${p}.fc`, WIDTH, 4 * WIDTH);
    const gelu = node('Mul', [node('Mul', [m, half]), node('Add', [unit, node('Erf', [node('Div', [m, sqrt2])])])]);
    x = node('Add', [x, linear(gelu, `${p}.proj`, 4 * WIDTH, WIDTH)]);
  }
  node('MatMul', [layerNorm(x, 'ln_f'), node('Transpose', [wte], { perm: [1, 0] })], {}, 'logits');

  const dim = (d: number | string) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d });
  const value = (name: string, type: number, dims: Array<number | string>) => ({ name, type: { tensorType: { elemType: type, shape: { dim: dims.map(dim) } } } });
  const cache = (prefix: string, length: string) =>
    Array.from({ length: LAYERS }, (_, l) => ['key', 'value'].map((kind) => value(`${prefix}.${l}.${kind}`, FLOAT, ['batch_size', HEADS, length, HEAD]))).flat();
  const model = {
    irVersion: 8,
    opsetImport: [{ domain: '', version: 17 }],
    producerName: 'pith test/helpers/kv-gpt2-fixture.ts',
    graph: {
      name: 'tiny-gpt2-kv',
      node: nodes,
      initializer: initializers,
      input: [
        value('input_ids', INT64, ['batch_size', 'sequence_length']),
        value('attention_mask', INT64, ['batch_size', 'total_sequence_length']),
        value('position_ids', INT64, ['batch_size', 'sequence_length']),
        ...cache('past_key_values', 'past_sequence_length'),
      ],
      output: [value('logits', FLOAT, ['batch_size', 'sequence_length', VOCAB]), ...cache('present', 'total_sequence_length')],
    },
  };
  writeFileSync(join(dir, 'onnx/model.onnx'), onnx.ModelProto.encode(onnx.ModelProto.fromObject(model)).finish());
  for (const file of ['tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'generation_config.json']) copyFileSync(join(sharedModels, SOURCE, file), join(dir, file));
  const config = {
    _comment: 'SYNTHETIC random-weight fixture written by test/helpers/kv-gpt2-fixture.ts: GPT-2-style causal LM with a KV cache, fp32.',
    architectures: ['GPT2LMHeadModel'],
    model_type: 'gpt2',
    vocab_size: VOCAB,
    n_embd: WIDTH,
    n_layer: LAYERS,
    n_head: HEADS,
    n_positions: POSITIONS,
    n_ctx: POSITIONS,
    bos_token_id: 1,
    eos_token_id: 2,
    pad_token_id: 2,
    use_cache: true,
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config, null, 2));
  return dir;
}
