#!/usr/bin/env node
// Runs the TypeScript CLI from source through tsx's require hook. The package is not
// `"type": "module"`, so tsx compiles the .ts files to CommonJS; the CLI imports nothing
// dynamically, so tsx's ESM loader (a worker thread, about 0.2 s of start-up) is not needed.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const { main } = createRequire(import.meta.url)('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
