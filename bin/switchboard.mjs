#!/usr/bin/env node
// Runs the TypeScript CLI from source through tsx. The package is not `"type": "module"`, so tsx
// compiles the .ts files to CommonJS: both the ESM and the CommonJS hooks are needed, and the
// CLI's exports arrive on the namespace's `default`.
import { register } from 'tsx/esm/api';
import { register as registerCjs } from 'tsx/cjs/api';

register();
registerCjs();
const mod = await import('../cli/main.ts');
const main = mod.main ?? mod.default?.main;
process.exitCode = await main(process.argv.slice(2));
