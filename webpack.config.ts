// Production build of the plugin exactly as the console loads it: ConsoleRemotePlugin generates
// the container entry, manifest and shared-module wiring; we only compile TypeScript and copy
// locales. publicPath is forced by the SDK to /api/plugins/switchboard/.
import * as path from 'path';
import type { Configuration } from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import { ConsoleRemotePlugin } from '@openshift-console/dynamic-plugin-sdk-webpack';

const isProd = process.env.NODE_ENV === 'production';

const config: Configuration = {
  mode: isProd ? 'production' : 'development',
  context: path.resolve(__dirname, 'src'),
  entry: {},
  output: {
    // SWITCHBOARD_DIST lets parallel work build side by side; the default is what ships.
    path: path.resolve(process.env.SWITCHBOARD_DIST ?? path.join(__dirname, 'dist')),
    filename: isProd ? '[name]-bundle-[contenthash].min.js' : '[name]-bundle.js',
    // A chunk is named by its id and the build's hash, not its own name and hash: the entry the
    // console loads for every page then holds no table of chunk names and hashes (about 1.5 KB
    // gzip, issue 23's budgets). An upgrade changes every chunk's URL, so browsers refetch all
    // of them once, not only those that changed.
    chunkFilename: isProd ? '[id]-chunk-[fullhash:8].min.js' : '[name]-chunk.js',
    // Ship only this build's files: stale chunks would be served and counted by the bench.
    clean: true,
  },
  resolve: {
    extensions: ['.ts', '.tsx', '.js', '.jsx'],
    // The JSX runtime over the console's shared React instead of a copy per page: see the file.
    alias: { 'react/jsx-runtime$': path.resolve(__dirname, 'src/shared/ui/jsxRuntime.ts') },
  },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        // Our TypeScript has no side effects on import (only stylesheets do, and they keep the
        // default): webpack then links an import through a re-exporting module such as
        // shared/k8s/models.ts straight to the file that defines it, and a page carries only the
        // files it uses (issue 23's bytes per page).
        sideEffects: false,
        use: [
          {
            loader: 'ts-loader',
            // Type errors are reported by `npm run typecheck`; the build only transpiles.
            options: { transpileOnly: true, configFile: path.resolve(__dirname, 'tsconfig.json') },
          },
        ],
      },
      // Our own small loader, not style-loader: see the loader's comment (bytes per page).
      { test: /\.css$/, use: [path.resolve(__dirname, 'scripts/webpack/css-inject-loader.cjs')] },
      { test: /\.m?js$/, resolve: { fullySpecified: false } },
    ],
  },
  plugins: [
    new ConsoleRemotePlugin(),
    new CopyWebpackPlugin({
      patterns: [{ from: path.resolve(__dirname, 'locales'), to: 'locales' }],
    }),
    // Each file gzipped once at the highest level, next to the original, for nginx's gzip_static
    // (deploy/nginx.conf): about 8% fewer bytes than nginx's on-the-fly level 1, at no cost per
    // request. Files nginx would not compress (under gzip_min_length) are left alone.
    ...(isProd
      ? [
          new CompressionPlugin({
            test: /\.(js|json|css)$/,
            algorithm: 'gzip',
            compressionOptions: { level: 9 },
            threshold: 1024,
            minRatio: 0.9,
          }),
        ]
      : []),
  ],
  devtool: isProd ? false : 'source-map',
  optimization: {
    // The shortest ids and export names: every page file and the entry repeat them. They follow
    // from the sources and this config alone (bench/lib/moduleMap.ts relies on that).
    chunkIds: isProd ? 'size' : 'named',
    moduleIds: isProd ? 'size' : 'named',
    mangleExports: isProd ? 'size' : false,
    minimize: isProd,
    // Each page (an exposed module) is one file holding all of its own code: the console fetches
    // it through its plugin proxy in one request, and gzip compresses the page's modules together
    // (issue 23: 46.6 -> 42.6 KB for the topology's files alone). Code shared by pages is repeated
    // in each page's file rather than split into chunks every page waits for. Chunks loaded later
    // (lazy parts of a page, PatternFly fallbacks the console never needs) still share theirs.
    splitChunks: { chunks: (chunk) => !(chunk.name ?? '').startsWith('exposed-') },
  },
  performance: { hints: false },
};

export default config;
