// Webpack loader for the plugin's own stylesheets: minifies the CSS with esbuild and turns the
// file into one call that appends it to <head> once (src/shared/ui/injectStyle.ts).
// It replaces css-loader + style-loader in the plugin build because their runtime (source maps,
// hot reload, insert and nonce options we do not use) cost about 1.6 KB gzip on every page,
// and they shipped the stylesheets' comments; issue 23 budgets a page at 20-52 KB.
// Our stylesheets use neither url() nor @import, which css-loader would have resolved; the
// loader refuses them so that a future one does not silently break.
const path = require('node:path');
const { transformSync } = require('esbuild');

const INJECTOR = path.resolve(__dirname, '../../src/shared/ui/injectStyle.ts');

module.exports = function cssInjectLoader(source) {
  const file = this.resourcePath;
  if (/@import|url\(/.test(source)) {
    throw new Error(`${file}: @import and url() are not supported by css-inject-loader`);
  }
  const { code } = transformSync(source, { loader: 'css', minify: true, sourcefile: file });
  const key = path.relative(path.resolve(__dirname, '../../src'), file);
  const request = JSON.stringify(this.utils.contextify(this.context, INJECTOR));
  return `import { injectStyle } from ${request};\ninjectStyle(${JSON.stringify(key)}, ${JSON.stringify(code.trim())});\n`;
};
