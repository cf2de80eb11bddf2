// The `@openshift-console/dynamic-plugin-sdk` module the host shares with plugins: the published
// package's own entry point (lib/lib-core.js), so plugins run on the SDK's real hooks, watch
// actions and k8s functions. webpack.config.ts resolves the `@console/*` modules it imports to
// sandbox/console/src/console/ (or, for what the stand-in does not implement, to a module that
// fails loudly when used).
import * as sdkRuntime from '@openshift-console/dynamic-plugin-sdk';
import type { SHIM_EXPORTS } from './shimExports';

export const sdkModule = sdkRuntime;

// The exports plugins of this repo may import all exist in the package (a type-level check).
export const implemented: Record<(typeof SHIM_EXPORTS)[number], unknown> = sdkRuntime;
