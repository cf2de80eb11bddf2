import { useFlag } from '@openshift-console/dynamic-plugin-sdk';

/**
 * A console feature flag: `undefined` while the console does not know it yet. The SDK types
 * useFlag as boolean, but the console answers `FLAGS.get(flag)` and a flag set by a
 * `console.flag/model` extension only exists once the plugin's extensions are processed
 * (openshift/console release-4.22, console-dynamic-plugin-sdk/src/utils/flags.ts;
 * frontend/public/reducers/features.ts). Plugins load after the console's first render, so every
 * plugin flag starts pending. Treat `undefined` as "not known yet", never as enabled or absent.
 */
export function useConsoleFlag(flag: string): boolean | undefined {
  const value = useFlag(flag) as boolean | undefined;
  return typeof value === 'boolean' ? value : undefined;
}
