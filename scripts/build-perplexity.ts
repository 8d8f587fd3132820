/**
 * Builds the perplexity stage's models into public/perplexity/: one gzipped bigram model per language from
 * ../shared/corpora (UD sentences minus the held-back tenth, and the OpenSubtitles frequency list), plus
 * SOURCES.md with each model's sources and licences. Deterministic: the same corpora give byte-identical files.
 *
 *   npm run build:perplexity
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MODEL_LANGUAGES, modelLevel } from '../src/perplexity/languages';
import { modelFileName, MODEL_DIR } from '../src/perplexity/load';
import { encodeModel } from '../src/perplexity/model';
import { parseFrequencyList, trainModel, DEFAULT_FREQUENCY_WORDS } from '../src/perplexity/train';
import { PROJECT_ROOT } from '../vite.page.config';
import { frequencyListText, HELD_BACK_EVERY, trainingSentences } from './lib/perplexity-corpus';

const UD_TREEBANKS: Record<string, string> = {
  en: 'PUD + EWT dev/test (CC BY-SA 3.0 / 4.0)',
  it: 'PUD + ISDT dev/test (CC BY-SA 3.0 / CC BY-NC-SA 3.0)',
  ar: 'PUD (CC BY-SA 3.0)',
};
const GSD = 'PUD + GSD dev/test (CC BY-SA 3.0 / 4.0)';
const FREQUENCY = `OpenSubtitles 2018 word frequencies (hermitdave/FrequencyWords), top ${DEFAULT_FREQUENCY_WORDS.toLocaleString('en')} words, CC BY-SA 4.0`;

const outDir = join(PROJECT_ROOT, 'public', MODEL_DIR);
mkdirSync(outDir, { recursive: true });
const rows: string[] = [];
let total = 0;
for (const lang of MODEL_LANGUAGES) {
  const corpus = trainingSentences(lang);
  const sources = [`Universal Dependencies ${UD_TREEBANKS[lang] ?? GSD}: ${corpus.length} sentences`, FREQUENCY];
  const file = trainModel(corpus, parseFrequencyList(frequencyListText(lang)), { lang, level: modelLevel(lang), sources });
  const body = gzipSync(encodeModel(file), { level: 9 });
  writeFileSync(join(outDir, modelFileName(lang)), body);
  total += body.length;
  rows.push(`| ${lang} | ${file.level} | ${file.vocab.length.toLocaleString('en')} | ${(file.bigrams.length / 3).toLocaleString('en')} | ${(body.length / 1024).toFixed(0)} KB | ${sources.join('; ')} |`);
  console.log(`${lang}: ${file.vocab.length} tokens, ${file.bigrams.length / 3} bigrams, ${(body.length / 1024).toFixed(0)} KB`);
}
writeFileSync(
  join(outDir, 'SOURCES.md'),
  `# Perplexity models: sources and licences

Built by \`npm run build:perplexity\` (scripts/build-perplexity.ts) from \`../shared/corpora\`. Each file is a
gzipped binary bigram model (format \`pith-bigram-2\`, src/perplexity/model.ts: flat arrays, loaded without parsing): word tokens, or single characters for
Chinese and Japanese; interpolated absolute discounting (D = 0.75) over a unigram distribution that mixes the
frequency list and the sentences. Every ${HELD_BACK_EVERY}th UD sentence is held back from training (for
\`npx tsx tools/perplexity-auc.ts\`). The models are derived from the sources below and carry their licences (CC BY-SA; the
Italian model also CC BY-NC-SA 3.0 through ISDT).

| lang | tokens | vocabulary | bigrams | size | sources and licences |
|---|---|---:|---:|---:|---|
${rows.join('\n')}

Total: ${(total / 1024 / 1024).toFixed(2)} MB.
`,
);
console.log(`total ${(total / 1024 / 1024).toFixed(2)} MB`);
