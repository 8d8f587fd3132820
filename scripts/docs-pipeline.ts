/** Rewrites the generated sections of docs/pipeline.md (stages, passes, cutoffs) from the code (`--check`: exit 1 if stale). */
import { readFileSync, writeFileSync } from 'node:fs';
import { PIPELINE_DOC, withGeneratedSections } from './lib/pipeline-doc';

const doc = readFileSync(PIPELINE_DOC, 'utf8');
const fresh = withGeneratedSections(doc);
if (process.argv.includes('--check')) {
  if (fresh !== doc) {
    console.error(`${PIPELINE_DOC} is out of date: run npm run docs:pipeline`);
    process.exit(1);
  }
} else if (fresh !== doc) {
  writeFileSync(PIPELINE_DOC, fresh);
  console.log(`wrote ${PIPELINE_DOC}`);
}
