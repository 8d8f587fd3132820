#!/usr/bin/env node
// The `pith` command (package.json "bin"). In the repo it runs the TypeScript sources (cli/pith.ts) through tsx, so
// no build step is needed; the installed package has no sources and runs dist/cli/pith.mjs, built at pack time by
// cli/build.ts, with Node alone.
import { existsSync } from 'node:fs';

const inRepo = existsSync(new URL('./pith.ts', import.meta.url));
if (inRepo) (await import('tsx/esm/api')).register();
const { main } = await import(inRepo ? './pith.ts' : '../dist/cli/pith.mjs');
process.exitCode = await main(process.argv.slice(2));
