/**
 * Where the samples under one function go, from the CPU profiles `tools/profile-structural.ts --save-profiles DIR`
 * wrote: a call tree merged by function name over every page, each line the share of the extraction's samples spent
 * in that function when called on that path (its callees included). Shares by sample count, which the machine's load
 * moves far less than milliseconds.
 *
 *   npx tsx tools/profile-inclusive.ts /tmp/profiles --under referencedNoteDecisions --depth 4 --min 0.1
 *
 * `--of F` counts the samples in F instead of the extraction (`readabilityBaselineText`: Readability.js as the
 * benchmark runs it); `--files SUFFIX` reads only the profiles whose names end so (`.readability-cold.cpuprofile`), `--exclude SUFFIX`
 * not those.
 * `--flat`: instead of the tree, each function's share of samples with it anywhere on the stack (recursion counted once).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Per function name, the samples whose stack (under `under`) holds it at least once. */
type Flat = Map<string, number>;

interface TreeNode {
  samples: number;
  children: Map<string, TreeNode>;
}

const EXTRACTION_FRAME = 'extractPageWithDom';

const newNode = (): TreeNode => ({ samples: 0, children: new Map() });

/** Adds one profile's samples under `under` (outermost call on each stack) to `tree`; returns the sample count in `of`. */
function addProfile(profile: CpuProfile, of: string, under: string, tree: TreeNode, flat: Flat): number {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let extraction = 0;
  for (const id of profile.samples) {
    const stack: string[] = [];
    for (let v: number | undefined = id; v !== undefined; v = parent.get(v)) stack.push(byId.get(v)?.callFrame.functionName || '(anonymous)');
    stack.reverse();
    if (!stack.includes(of)) continue;
    extraction++;
    const from = stack.indexOf(under);
    if (from < 0) continue;
    for (const name of new Set(stack.slice(from))) flat.set(name, (flat.get(name) ?? 0) + 1);
    let node = tree;
    node.samples++;
    for (const name of stack.slice(from + 1)) {
      let child = node.children.get(name);
      if (!child) node.children.set(name, (child = newNode()));
      child.samples++;
      node = child;
    }
  }
  return extraction;
}

function print(node: TreeNode, name: string, total: number, files: number, depth: number, maxDepth: number, min: number, out: string[]): void {
  const share = (node.samples / total) * 100;
  if (share < min) return;
  const self = node.samples - [...node.children.values()].reduce((a, c) => a + c.samples, 0);
  out.push(`${share.toFixed(2).padStart(6)} %  ${(node.samples / files).toFixed(1).padStart(7)}  ${'  '.repeat(depth)}${name}${self > 0 && node.children.size > 0 ? `  (self ${((self / total) * 100).toFixed(2)} %)` : ''}`);
  if (depth >= maxDepth) return;
  for (const [childName, child] of [...node.children].sort((a, b) => b[1].samples - a[1].samples)) print(child, childName, total, files, depth + 1, maxDepth, min, out);
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { of: { type: 'string', default: EXTRACTION_FRAME }, files: { type: 'string', default: '.cpuprofile' }, exclude: { type: 'string' }, flat: { type: 'boolean', default: false }, under: { type: 'string' }, depth: { type: 'string', default: '3' }, min: { type: 'string', default: '0.2' } },
  });
  const dir = positionals[0];
  if (!dir) {
    process.stderr.write('Usage: npx tsx tools/profile-inclusive.ts DIR [--of FUNCTION] [--files SUFFIX] [--exclude SUFFIX] [--under FUNCTION] [--depth N | --flat] [--min PERCENT]\n');
    return 2;
  }
  const tree = newNode();
  const flat: Flat = new Map();
  let total = 0;
  const names = (await readdir(dir)).filter((f) => f.endsWith(values.files) && !(values.exclude && f.endsWith(values.exclude)));
  // Per profile means over the profiles that ran `of` at all.
  const files: string[] = [];
  for (const file of names) {
    const samples = addProfile(JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile, values.of, values.under ?? values.of, tree, flat);
    if (samples > 0) files.push(file);
    total += samples;
  }
  const out = [`${files.length} profiles, ${total} samples in ${values.of}; share of them under each call path, and samples per profile:`];
  if (values.flat) {
    out[0] = `${files.length} profiles, ${total} samples in ${values.of}; share of them with each function on the stack under ${values.under ?? values.of}, and samples per profile:`;
    for (const [name, n] of [...flat].sort((a, b) => b[1] - a[1])) if ((n / total) * 100 >= Number(values.min)) out.push(`${((n / total) * 100).toFixed(2).padStart(6)} %  ${(n / files.length).toFixed(1).padStart(7)}  ${name}`);
  } else print(tree, values.under ?? values.of, total, files.length, 0, Number(values.depth), Number(values.min), out);
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
