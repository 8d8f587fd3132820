#!/usr/bin/env node
// The `pith` command (package.json "bin"): runs cli/pith.ts through tsx's loader, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./pith.ts');
process.exitCode = await main(process.argv.slice(2));
