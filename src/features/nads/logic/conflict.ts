// Re-applying an editor draft after a 409. `spec.config` is a JSON string, so merging it as one
// value would turn any concurrent config edit into a whole-config conflict; the parsed configs
// are merged instead, with a conflist's `plugins` keyed by plugin type and position among the
// plugins of that type (the CNI spec runs plugins in list order, identified by `type`:
// containernetworking/cni SPEC.md, "Network configuration lists"). Elements both sides changed
// differently are returned as conflicts for the user to choose; the result is serialised in the
// style of the user's text.
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import {
  threeWayMerge,
  type ConflictChoice,
  type ListIdentityFor,
  type MergeConflict,
} from '../../../shared/logic/merge';
import { isRecord } from '../../../shared/logic/isRecord';
import type { JsonValue } from '../model/json';
import { parseJson, stringifyLike } from './json';

/** Conflicts inside the config carry this prefix (`spec.config$plugins[bridge]`). */
export const CONFIG_CONFLICT_PREFIX = 'spec.config$';

export interface NadMergeResult {
  nad: NetworkAttachmentDefinition;
  conflicts: MergeConflict[];
  unresolved: number;
}

function parsed(text: unknown): JsonValue | undefined {
  if (typeof text !== 'string') return undefined;
  const r = parseJson(text);
  return r.ok ? r.value : undefined;
}

/** `plugins` by type; a second plugin of one type becomes `type#2` (its position among them). */
export const cniListIdentity: ListIdentityFor = (path) =>
  path.length === 1 && path[0] === 'plugins'
    ? (item) => (isRecord(item) && typeof item.type === 'string' ? item.type : '?')
    : undefined;

export function mergeNadDraft(
  base: NetworkAttachmentDefinition,
  mine: NetworkAttachmentDefinition,
  theirs: NetworkAttachmentDefinition,
  choices: Readonly<Record<string, ConflictChoice>> = {},
): NadMergeResult {
  const strip = (n: NetworkAttachmentDefinition): NetworkAttachmentDefinition => ({
    ...n,
    metadata: { ...n.metadata, resourceVersion: undefined, managedFields: undefined },
    spec: { ...(n.spec ?? {}), config: undefined },
  });
  const outer = threeWayMerge(strip(base), strip(mine), strip(theirs), { choices });
  const conflicts = [...outer.conflicts];
  const [b, m, t] = [base, mine, theirs].map((n) => n.spec?.config);
  let config = m;
  if (b === m) config = t;
  else if (m !== t && b !== t) {
    const pb = parsed(b);
    const pm = parsed(m);
    const pt = parsed(t);
    if (pb !== undefined && pm !== undefined && pt !== undefined) {
      const inner: Record<string, ConflictChoice> = {};
      for (const [k, v] of Object.entries(choices))
        if (k.startsWith(CONFIG_CONFLICT_PREFIX)) inner[k.slice(CONFIG_CONFLICT_PREFIX.length)] = v;
      const r = threeWayMerge(pb, pm, pt, { identity: cniListIdentity, choices: inner });
      config = stringifyLike(r.merged, m ?? '');
      conflicts.push(...r.conflicts.map((c) => ({ ...c, id: `${CONFIG_CONFLICT_PREFIX}${c.id}` })));
    } else {
      // One side is not JSON: the texts are the only values there are.
      const id = 'spec.config';
      const choice = choices[id] ?? null;
      conflicts.push({ id, base: b, mine: m, theirs: t, choice });
      config = choice === 'mine' ? m : t;
    }
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
  return { nad, conflicts, unresolved: conflicts.filter((c) => c.choice === null).length };
}
