/** The corpora the perplexity models are built from (../shared/corpora), split the same way by every script. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { modelFileName, MODEL_DIR, parseModelFile } from '../../src/perplexity/load';
import type { NgramModel } from '../../src/perplexity/model';
import { PROJECT_ROOT } from '../../vite.page.config';

export function corporaDir(): string {
  return resolve(process.env.PITH_CORPORA_DIR ?? join(PROJECT_ROOT, '../shared/corpora'));
}

/** Every HELD_BACK_EVERY-th sentence (the last of each run) is held back from training, for the AUC script. */
export const HELD_BACK_EVERY = 10;

export function isHeldBack(index: number): boolean {
  return index % HELD_BACK_EVERY === HELD_BACK_EVERY - 1;
}

export function udSentences(lang: string): string[] {
  return readFileSync(join(corporaDir(), 'ud', `${lang}.txt`), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

export function trainingSentences(lang: string): string[] {
  return udSentences(lang).filter((_, i) => !isHeldBack(i));
}

export function heldBackSentences(lang: string): string[] {
  return udSentences(lang).filter((_, i) => isHeldBack(i));
}

export function frequencyListText(lang: string): string {
  return readFileSync(join(corporaDir(), 'frequency', `${lang}.txt`), 'utf8');
}

/** A built model (public/perplexity/), read from disk. Sliced: a small Buffer shares Node's pool, not its own bytes. */
export function readBuiltModel(lang: string): Promise<NgramModel> {
  const bytes = readFileSync(join(PROJECT_ROOT, 'public', MODEL_DIR, modelFileName(lang)));
  return parseModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}
