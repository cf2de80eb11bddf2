/**
 * Console feature flags set by `console.flag/model` extensions when the CRD is discovered.
 * The same names appear in console-extensions.json; a unit test keeps them in sync.
 */
export const FLAGS = {
  nmstate: 'SWITCHBOARD_NMSTATE',
  nad: 'SWITCHBOARD_NAD',
  metal3: 'SWITCHBOARD_METAL3',
  metal3Switches: 'SWITCHBOARD_METAL3_SWITCHES',
} as const;
