// window.SERVER_FLAGS, which the console's index.html defines before any script runs. Imported
// first by main.tsx because the SDK runtime reads SERVER_FLAGS.basePath when its modules load.
export const PLUGIN = 'switchboard';

declare global {
  interface Window {
    SERVER_FLAGS?: Record<string, unknown>;
  }
}

window.SERVER_FLAGS = { basePath: '/', consolePlugins: [PLUGIN], releaseVersion: '4.22.0' };
