// Re-applying an editor draft after a 409. The generic three-way merge treats `spec.config` as one
// string, so any concurrent config edit would be reported as a whole-config override; merging the
// parsed configs instead keeps the other writer's unrelated config changes and reports only the
// keys both sides changed. The result is serialised in the style of the user's text.
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { threeWayMerge } from '../../../shared/logic/merge';
import type { JsonValue } from '../model/json';
import { parseJson, stringifyLike } from './json';

export interface NadMergeResult {
  nad: NetworkAttachmentDefinition;
  /** Paths both sides changed differently (the draft's value was kept); `spec.config$…` inside the config. */
  overridden: string[];
}

function parsed(text: unknown): JsonValue | undefined {
  if (typeof text !== 'string') return undefined;
  const r = parseJson(text);
  return r.ok ? r.value : undefined;
}

export function mergeNadDraft(
  base: NetworkAttachmentDefinition,
  mine: NetworkAttachmentDefinition,
  theirs: NetworkAttachmentDefinition,
): NadMergeResult {
  const strip = (n: NetworkAttachmentDefinition): NetworkAttachmentDefinition => ({
    ...n,
    metadata: { ...n.metadata, resourceVersion: undefined, managedFields: undefined },
    spec: { ...(n.spec ?? {}), config: undefined },
  });
  const outer = threeWayMerge(strip(base), strip(mine), strip(theirs));
  const overridden = outer.overridden.map((p) => p.replace(/^\./, ''));
  const [b, m, t] = [base, mine, theirs].map((n) => n.spec?.config);
  let config = m;
  if (b === m) config = t;
  else if (m !== t && b !== t) {
    const pb = parsed(b);
    const pm = parsed(m);
    const pt = parsed(t);
    if (pb !== undefined && pm !== undefined && pt !== undefined) {
      const inner = threeWayMerge(pb, pm, pt);
      config = stringifyLike(inner.merged, m ?? '');
      overridden.push(...inner.overridden.map((p) => `spec.config$${p === '.' ? '' : p}`));
    } else overridden.push('spec.config');
  }
  const merged = outer.merged;
  const nad: NetworkAttachmentDefinition = {
    ...merged,
    metadata: {
      ...merged.metadata,
      resourceVersion: theirs.metadata.resourceVersion,
    },
    spec: { ...(merged.spec ?? {}), config },
  };
  if (nad.metadata.resourceVersion === undefined)
    Reflect.deleteProperty(nad.metadata, 'resourceVersion');
  if (config === undefined && nad.spec) Reflect.deleteProperty(nad.spec, 'config');
  Reflect.deleteProperty(nad.metadata, 'managedFields');
  return { nad, overridden };
}
