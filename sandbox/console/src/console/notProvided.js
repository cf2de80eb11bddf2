// Stands for the `@console/*` modules the SDK package imports but the stand-in does not
// implement (the plugin uses none of them). Every export is a function that fails loudly when a
// plugin calls or renders it, naming the module, so a new dependency cannot pass unnoticed.
/* global __resourceQuery */
const moduleName = (typeof __resourceQuery === 'string' ? __resourceQuery : '').replace(/^\?/, '');
module.exports = new Proxy(
  {},
  {
    get(_target, exportName) {
      if (exportName === '__esModule' || typeof exportName === 'symbol') return undefined;
      const fail = function notProvidedByStandIn() {
        throw new Error(
          `${moduleName}.${String(exportName)} is not provided by the console stand-in`,
        );
      };
      return fail;
    },
  },
);
