// Builds the console stand-in host page. It bundles what the real console provides to plugins
// (React, react-router, react-i18next, PatternFly at the console's versions, topology, and the
// published SDK package's runtime over a console-shaped redux store) and nothing of the plugin
// itself: the plugin is always loaded from its own production dist/ at run time.
import * as fs from 'fs';
import * as path from 'path';
import MonacoWebpackPlugin from 'monaco-editor-webpack-plugin';
import { NormalModuleReplacementPlugin } from 'webpack';
import type { Configuration } from 'webpack';

// The SDK package's lib/ imports `@console/*` modules that live in the console's own source.
// Those the stand-in writes are under src/console/ at the same sub-path; any other resolves to
// notProvided.js, whose exports fail loudly (naming the module) when a plugin uses them.
const CONSOLE_MODULES = path.join(__dirname, 'src/console');
function resolveConsoleModule(request: string): string {
  const sub = request.replace(/^@console\//, '');
  for (const ext of ['.ts', '.tsx', '/index.ts']) {
    const file = path.join(CONSOLE_MODULES, sub + ext);
    if (fs.existsSync(file)) return file;
  }
  return `${path.join(CONSOLE_MODULES, 'notProvided.js')}?${request}`;
}

// PatternFly at the versions console 4.22 ships (frontend/yarn.lock: react-core and react-table
// 6.4.2, react-icons 6.4.0), installed under npm aliases so the plugin's own versions stay put.
const nm = (pkg: string) => path.resolve(__dirname, '../../node_modules', pkg);
const CONSOLE_PATTERNFLY = {
  '@patternfly/react-core': nm('@patternfly/react-core-console'),
  '@patternfly/react-table': nm('@patternfly/react-table-console'),
  '@patternfly/react-icons': nm('@patternfly/react-icons-console'),
};

const config: Configuration = {
  mode: process.env.NODE_ENV === 'production' ? 'production' : 'development',
  context: __dirname,
  entry: { host: './src/main.tsx' },
  output: {
    path: path.resolve(process.env.SWITCHBOARD_HOST_DIST ?? path.join(__dirname, 'dist')),
    publicPath: '/static/',
    filename: '[name].js',
    chunkFilename: 'host-[name]-[contenthash].js',
    assetModuleFilename: 'assets/[name]-[contenthash][ext]',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.tsx', '.js'], alias: CONSOLE_PATTERNFLY },
  plugins: [
    // Monaco as the console bundles it (openshift/console release-4.22 frontend/webpack.config.ts):
    // the same languages, the global API, and monaco-yaml's worker. Workers are emitted next to
    // host.js and loaded from /static, never from a CDN. The console also lists 'plaintext',
    // which is part of Monaco's core and has no entry in the webpack plugin's language list.
    new MonacoWebpackPlugin({
      languages: ['yaml', 'dockerfile', 'json'],
      globalAPI: true,
      customLanguages: [
        {
          label: 'yaml',
          entry: 'monaco-yaml',
          worker: { id: 'monaco-yaml/yamlWorker', entry: 'monaco-yaml/yaml.worker' },
        },
      ],
    }),
    new NormalModuleReplacementPlugin(/^@console\//, (resource: { request: string }) => {
      resource.request = resolveConsoleModule(resource.request);
    }),
  ],
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: [
          {
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              configFile: path.resolve(__dirname, '../../tsconfig.json'),
            },
          },
        ],
      },
      // Like the console, the page carries PatternFly's stylesheet once (src/main.tsx); the
      // per-component CSS that PatternFly's JS imports (react-styles, a different patch
      // version) would be injected later and override it, so those imports are dropped.
      {
        test: /\.css$/,
        include: /@patternfly[\\/]react-styles[\\/]css/,
        type: 'asset/source',
        sideEffects: false,
      },
      {
        test: /\.css$/,
        exclude: /@patternfly[\\/]react-styles[\\/]css/,
        use: ['style-loader', 'css-loader'],
      },
      // The SDK's status components import SCSS that only styles those components (the plugin
      // renders none of them); the console compiles it with its own theme, the stand-in drops it.
      {
        test: /\.scss$/,
        include: /@openshift-console[\\/]dynamic-plugin-sdk/,
        type: 'asset/source',
        sideEffects: false,
      },
      { test: /\.(woff2?|ttf|eot|svg|png|jpe?g|gif)$/, type: 'asset/resource' },
      { test: /\.m?js$/, resolve: { fullySpecified: false } },
    ],
  },
  devtool: false,
  performance: { hints: false },
};

export default config;
