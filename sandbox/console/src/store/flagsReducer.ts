// The console's FLAGS slice, written to the behaviour of openshift/console release-4.22
// frontend/public/reducers/features.ts:
// - a flag is absent (useFlag() === undefined) until something decides it;
// - model flags live in one map "model reference -> flag"; the first flag registered for a
//   reference keeps it (console-side static plugins register before dynamic plugins);
// - when a plugin's console.flag/model extensions arrive, each is set once from the models the
//   store holds at that moment; only flags that own their reference are re-evaluated on later
//   discovery results (every one is first set false, then true when its model is present).
import { Map as ImmutableMap } from 'immutable';
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import { K8sActionType, referenceFor } from './k8sReducer';
import type { DiscoveryResources } from './k8sReducer';

export const FlagActionType = {
  SetFlag: 'setFlag',
  UpdateModelFlags: 'updateModelFlags',
} as const;

export interface ModelFlag {
  flag: string;
  model: { group?: string; version: string; kind: string };
}

export type FlagsState = ImmutableMap<string, boolean>;

export interface FlagsAction {
  type: string;
  payload?: {
    flag?: string;
    value?: boolean;
    added?: ModelFlag[];
    models?: K8sModel[];
    resources?: DiscoveryResources;
  };
}

const refOfFlag = (f: ModelFlag) => `${f.model.group || 'core'}~${f.model.version}~${f.model.kind}`;

/**
 * Model flags the console registers itself before any dynamic plugin loads. Only the ones that
 * share a model with this plugin's flags matter here: the console's static metal3 plugin
 * (frontend/packages/metal3-plugin/console-extensions.json) flags BareMetalHost as METAL3.
 */
export const CONSOLE_MODEL_FLAGS: ModelFlag[] = [
  { flag: 'METAL3', model: { group: 'metal3.io', version: 'v1alpha1', kind: 'BareMetalHost' } },
];

export function createFlagsReducer(consoleFlags: ModelFlag[] = CONSOLE_MODEL_FLAGS) {
  const owners = new Map<string, string>();
  const register = (f: ModelFlag) => {
    const ref = refOfFlag(f);
    if (!owners.has(ref)) owners.set(ref, f.flag);
  };
  consoleFlags.forEach(register);
  return function flagsReducer(state: FlagsState | undefined, action: FlagsAction): FlagsState {
    if (!state) return ImmutableMap<string, boolean>();
    const p = action.payload ?? {};
    switch (action.type) {
      case FlagActionType.SetFlag:
        return p.flag ? state.set(p.flag, Boolean(p.value)) : state;
      case FlagActionType.UpdateModelFlags: {
        const added = p.added ?? [];
        added.forEach(register);
        const present = new Set((p.models ?? []).map(referenceFor));
        return state.withMutations((s) => {
          for (const f of added) s.set(f.flag, present.has(refOfFlag(f)));
        });
      }
      case K8sActionType.ReceivedResources: {
        const present = new Set((p.resources?.models ?? []).map(referenceFor));
        return state.withMutations((s) => {
          for (const [ref, flag] of owners) s.set(flag, present.has(ref));
        });
      }
      default:
        return state;
    }
  };
}
