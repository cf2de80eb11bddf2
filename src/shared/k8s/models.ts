// Every Kubernetes kind the plugin reads or writes, defined once: watch hooks, mutations,
// console extensions (via the matching GVKs) and the end-to-end tests all use these.
// Defined in files by API group (nodes, and nmstate's policies and enactments, on their own) and
// re-exported here: the build marks our TypeScript free of side effects (webpack.config.ts), so
// webpack links each import to the file that defines it and a page carries only the files it
// uses (issue 23's bytes per page).
export { getReference, getResourceUrl } from './models/reference';
export * from './models/node';
export * from './models/core';
export * from './models/nmstate';
export * from './models/nmstatePolicies';
export * from './models/multus';
export * from './models/metal3';
export * from './models/openshift';
