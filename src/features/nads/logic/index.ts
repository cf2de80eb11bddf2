// Public API of the NAD logic for pages, the CLI and the sandbox.
export { parseCniConfig, type ParseCniConfigResult } from './parseCniConfig';
export { parseJson, joinPath, parseJsonPath, formatJsonPath, MAX_JSON_DEPTH } from './json';
export { validateNad, hasErrors } from './validateNad';
export {
  buildValidationContext,
  buildNadIndex,
  getNadKey,
  type ValidationContextInput,
} from './context';
export { getEffectiveConfig } from './effectiveConfig';
export { toNadFormValues, applyNadFormValues, FORM_PLUGIN_TYPES } from './form';
export { summarizeNad } from './summary';
export { parseNetworkStatus, getPodsUsingNad, type PodNadUsage } from './podNetworks';
export { isManagedNad, UDN_LABEL, SRIOV_OWNER_ANNOTATION } from './managed';
export { applyQuickFix } from './quickFix';
export {
  getAttachFailures,
  getMultusError,
  SANDBOX_FAILURE_REASON,
  type AttachFailure,
} from './attachFailures';
export { mergeNadDraft, type NadMergeResult } from './conflict';
export {
  buildNewNad,
  getDefaultIpamValues,
  getDefaultPluginValues,
  renameNewNad,
  type IpamFormType,
} from './templates';
export { countPodsByNad, type NadPodCounts } from './podUsage';
