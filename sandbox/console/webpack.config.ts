// Builds the console stand-in host page. It bundles what the real console provides to plugins
// (React, react-router, react-i18next, PatternFly CSS and topology, the SDK subset) and nothing
// of the plugin itself: the plugin is always loaded from its own production dist/ at run time.
import * as path from 'path';
import type { Configuration } from 'webpack';

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
  resolve: { extensions: ['.ts', '.tsx', '.js'] },
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
      { test: /\.(woff2?|ttf|eot|svg|png|jpe?g|gif)$/, type: 'asset/resource' },
      { test: /\.m?js$/, resolve: { fullySpecified: false } },
    ],
  },
  devtool: false,
  performance: { hints: false },
};

export default config;
