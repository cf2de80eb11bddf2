/**
 * Console feature flags set by `console.flag/model` extensions when the CRD is discovered.
 * The same names appear in console-extensions.json; a unit test keeps them in sync.
 *
 * Metal3 uses the console's own `METAL3` flag. The console keeps one model flag per model
 * reference, the first registered, and only that one is re-evaluated when API discovery runs
 * (openshift/console release-4.22, frontend/public/reducers/features.ts `addToCRDs` and the
 * `ReceivedResources` case). Its static metal3 plugin registers `METAL3` on BareMetalHost
 * (frontend/packages/metal3-plugin/console-extensions.json) before any dynamic plugin, so a flag of
 * our own on that model would be set once, against whatever models were known when Switchboard
 * loaded, and never again. Declaring `METAL3` ourselves changes nothing where the metal3 plugin
 * runs and provides the flag where it does not.
 */
export const FLAGS = {
  nmstate: 'SWITCHBOARD_NMSTATE',
  nad: 'SWITCHBOARD_NAD',
  metal3: 'METAL3',
  metal3Switches: 'SWITCHBOARD_METAL3_SWITCHES',
} as const;
