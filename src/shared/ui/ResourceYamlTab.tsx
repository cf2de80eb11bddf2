import { useEffect, useMemo, useRef, useState } from 'react';
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import {
  ActionGroup,
  Alert,
  AlertActionLink,
  Button,
  Content,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import type { K8sResource } from '../model/k8s';
import { readResource, updateResource } from '../k8s/mutations';
import { toK8sError } from '../k8s/k8sError';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import type { ConflictChoice, MergeConflict } from '../logic/merge';
import { isNestedDeeperThan } from '../logic/nesting';
import {
  changedIdentity,
  editableObject,
  rebaseDraft,
  toWrite,
  type IdentityField,
  type KindMerge,
  changedOnlyWhereUnwritable,
  isOlderVersion,
} from '../logic/yamlDraft';
import { CodeEditor, type EditorMarker } from './CodeEditor';
import { DiffView } from './DiffView';
import { MergeConflicts } from './MergeConflicts';
import { TooDeeplyNested } from './TooDeeplyNested';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/** How a kind's YAML is read and written; errors come translated, with their position. */
export interface YamlCodec<T> {
  parse: (
    text: string,
  ) => { ok: true; value: T } | { ok: false; line: number; column: number; message: string };
  /** `obj` written onto `previousText`, keeping its comments and key order ('' prints afresh). */
  print: (previousText: string, obj: T) => string;
}

interface Conflict<T> {
  latest: T;
  /** Set once the user asked to re-apply the draft and some elements need a choice. */
  choose: { mine: T; conflicts: MergeConflict[]; choices: Record<string, ConflictChoice> } | null;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; version: string }
  | { kind: 'merged'; paths: string[] }
  | { kind: 'error'; message: string };

/**
 * The YAML tab of a details page, after the console's ResourceYAMLEditor (openshift/console
 * release-4.22, frontend/public/components/edit-yaml.tsx): the whole object as YAML, Save (a PUT
 * with the resourceVersion the draft was made from) and Reload; "This object has been updated."
 * once the watched copy moves past the draft's version; identity fields cannot be changed; a
 * read-only user gets a read-only editor. Messages and buttons sit above the editor (the console
 * keeps them in a sticky bar below a full-height editor; this one grows with the text), so a
 * message about line 80 is seen without scrolling. Beyond the console, a 409 keeps the draft,
 * shows what changed on the server and offers to re-apply the draft on top with the kind's merge (the one its
 * editor uses), writing the result onto the user's text so comments and key order survive.
 */
export function ResourceYamlTab<T extends K8sResource>({
  obj,
  model,
  codec,
  merge,
  readOnly,
  deleted = false,
  onSaved,
  testId = 'yaml-tab',
}: {
  /** The watched copy. */
  obj: T;
  model: K8sModel;
  codec: YamlCodec<T>;
  merge: KindMerge<T>;
  /** Why this user or this kind cannot be saved from here; the editor is then read-only. */
  readOnly?: { title: string; body?: string } | null;
  deleted?: boolean;
  /** Called with the server's copy after a save (e.g. to record a revision). */
  onSaved?: (saved: T) => void;
  testId?: string;
}) {
  const { t } = usePluginTranslation();
  const tooDeep = useMemo(() => isNestedDeeperThan(obj), [obj]);
  const [base, setBase] = useState(() => editableObject(obj));
  const [text, setText] = useState(() => (tooDeep ? '' : codec.print('', base)));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [conflict, setConflict] = useState<Conflict<T> | null>(null);
  // Every version the editor was loaded from or saved: the watch may still deliver an older one
  // after a save, which is not "updated".
  const seen = useRef(new Set([obj.metadata?.resourceVersion]));
  const baseText = useMemo(() => (tooDeep ? '' : codec.print('', base)), [codec, base, tooDeep]);
  // The text as last loaded or saved: the draft is what differs from it.
  const [clean, setClean] = useState(text);
  const dirty = text !== clean;

  const load = (next: T) => {
    if (isNestedDeeperThan(next)) return;
    const editable = editableObject(next);
    seen.current.add(next.metadata?.resourceVersion);
    const fresh = codec.print('', editable);
    setBase(editable);
    setText(fresh);
    setClean(fresh);
    setConflict(null);
    setStatus({ kind: 'idle' });
  };

  // With nothing to lose (read-only, or no change typed) the view follows the object, written
  // onto the text shown so its comments stay. The console instead says "This object has been
  // updated" on every change; here the handler rewrites a policy's status many times per rollout,
  // so that notice is kept for a draft that would be lost.
  const liveVersion = obj.metadata?.resourceVersion;
  const baseVersion = base.metadata?.resourceVersion;
  useEffect(() => {
    if (liveVersion === baseVersion || conflict || isNestedDeeperThan(obj)) return;
    if (isOlderVersion(liveVersion, baseVersion)) return;
    if (!readOnly && (text !== clean || seen.current.has(liveVersion))) return;
    const editable = editableObject(obj);
    seen.current.add(liveVersion);
    const next = codec.print(text, editable);
    setBase(editable);
    setText(next);
    setClean(next);
  }, [readOnly, obj, liveVersion, baseVersion, conflict, text, clean, codec]);
  const stale =
    !readOnly &&
    !deleted &&
    dirty &&
    !seen.current.has(liveVersion) &&
    !isOlderVersion(liveVersion, baseVersion);

  useUnsavedChangesGuard(
    dirty && !readOnly,
    t('Leave the YAML editor? Your changes to {{name}} are not saved.', {
      name: obj.metadata?.name ?? '',
    }),
  );

  const parsed = useMemo(() => codec.parse(text), [codec, text]);
  const markers = useMemo(
    (): EditorMarker[] =>
      parsed.ok
        ? []
        : [
            {
              line: Math.max(1, parsed.line),
              column: Math.max(1, parsed.column),
              severity: 'error',
              message: parsed.message,
            },
          ],
    [parsed],
  );
  const identityWords: Record<IdentityField, string> = {
    name: t('name'),
    namespace: t('namespace'),
    kind: t('kind'),
    apiGroup: t('API group'),
  };
  const identity = parsed.ok ? changedIdentity(base, parsed.value) : null;

  const save = async () => {
    if (!parsed.ok || identity) return;
    setStatus({ kind: 'saving' });
    let from = base;
    let draftText = text;
    let draft = parsed.value;
    // A 409 caused only by a controller's status write is retried on the new copy (a few times:
    // the handler writes status often during a rollout); any other change goes to the user.
    for (let attempt = 0; ; attempt++) {
      try {
        const saved = await updateResource<T>({ model, data: toWrite(draft, from) });
        const editable = editableObject(saved);
        seen.current.add(saved.metadata?.resourceVersion);
        setBase(editable);
        // Onto the user's text: the new resourceVersion and whatever the server defaulted land
        // in it, the user's comments and key order stay.
        const next = codec.print(draftText, editable);
        setText(next);
        setClean(next);
        setConflict(null);
        setStatus({ kind: 'saved', version: saved.metadata?.resourceVersion ?? '' });
        onSaved?.(saved);
        return;
      } catch (err) {
        const e = toK8sError(err);
        if (e.kind !== 'conflict') {
          setStatus({ kind: 'error', message: e.message });
          return;
        }
      }
      // The server's copy, not the watched one (its resourceVersion may be old: mutations.ts).
      let latest: T;
      try {
        latest = await readResource<T>({
          model,
          name: from.metadata?.name ?? '',
          namespace: from.metadata?.namespace,
        });
      } catch (readErr) {
        setStatus({ kind: 'error', message: toK8sError(readErr).message });
        return;
      }
      const rebased =
        attempt < 3 && changedOnlyWhereUnwritable(from, latest)
          ? rebaseDraft({
              text: draftText,
              base: from,
              mine: draft,
              latest,
              choices: {},
              merge,
              print: codec.print,
            })
          : undefined;
      if (!rebased?.ok) {
        setConflict({ latest, choose: null });
        setStatus({ kind: 'idle' });
        return;
      }
      seen.current.add(latest.metadata?.resourceVersion);
      from = editableObject(latest);
      draft = rebased.merged;
      draftText = rebased.text;
      setBase(from);
      setText(draftText);
    }
  };

  const reapply = (latest: T, mine: T, choices: Record<string, ConflictChoice>) => {
    const r = rebaseDraft({ text, base, mine, latest, choices, merge, print: codec.print });
    if (!r.ok) {
      setConflict({ latest, choose: { mine, conflicts: r.conflicts, choices } });
      return;
    }
    seen.current.add(latest.metadata?.resourceVersion);
    setBase(editableObject(latest));
    setText(r.text);
    setConflict(null);
    setStatus({ kind: 'merged', paths: r.conflicts.map((c) => c.id) });
  };

  if (tooDeep) return <TooDeeplyNested testId={`${testId}-too-deep`} />;

  const canSave = !readOnly && !deleted;
  return (
    <Stack hasGutter data-test={testId} className="pf-v6-u-p-md">
      {readOnly && (
        <StackItem>
          <Alert
            variant="info"
            isInline
            isPlain
            title={readOnly.title}
            data-test={`${testId}-read-only`}
          >
            {readOnly.body}
          </Alert>
        </StackItem>
      )}
      {deleted && (
        <StackItem>
          <Alert
            variant="warning"
            isInline
            title={t('This object was deleted; it cannot be saved from here.')}
            data-test={`${testId}-deleted`}
          />
        </StackItem>
      )}
      {!parsed.ok && (
        <StackItem>
          <Alert
            variant="danger"
            isInline
            isPlain
            title={parsed.message}
            data-test={`${testId}-parse-error`}
          />
        </StackItem>
      )}
      {identity && (
        <StackItem>
          <Alert
            variant="danger"
            isInline
            isPlain
            data-test={`${testId}-identity-error`}
            title={t(
              'Cannot change the {{field}} (original: "{{original}}", updated: "{{updated}}").',
              {
                field: identityWords[identity.field],
                original: identity.original,
                updated: identity.updated,
              },
            )}
          />
        </StackItem>
      )}
      {stale && !conflict && (
        <StackItem>
          <Alert
            variant="info"
            isInline
            title={t('This object has been updated.')}
            data-test={`${testId}-stale`}
          >
            {t(
              'Click Reload to see the new version and drop your changes, or Save to review what changed and merge your changes on top.',
            )}
          </Alert>
        </StackItem>
      )}
      {conflict && (
        <StackItem>
          <Alert
            variant="warning"
            isInline
            title={t('Someone else changed this object while you were editing')}
            data-test={`${testId}-conflict`}
            actionLinks={
              conflict.choose === null ? (
                <>
                  {parsed.ok && (
                    <AlertActionLink
                      onClick={() => reapply(conflict.latest, parsed.value, {})}
                      data-test={`${testId}-conflict-reapply`}
                    >
                      {t('Re-apply my changes on top')}
                    </AlertActionLink>
                  )}
                  <AlertActionLink
                    onClick={() => load(conflict.latest)}
                    data-test={`${testId}-conflict-reload`}
                  >
                    {t('Reload and drop my changes')}
                  </AlertActionLink>
                </>
              ) : undefined
            }
          >
            {conflict.choose === null ? (
              <>
                <Content component="p">
                  {t(
                    'Your draft is kept; nothing was saved. The server copy changed as follows since you loaded it:',
                  )}
                </Content>
                {/* Written onto the loaded text, so only what changed shows, not the key order. */}
                {isNestedDeeperThan(conflict.latest) ? (
                  <TooDeeplyNested testId={`${testId}-conflict-too-deep`} />
                ) : (
                  <DiffView
                    oldText={baseText}
                    newText={codec.print(baseText, editableObject(conflict.latest))}
                    testId={`${testId}-conflict-diff`}
                  />
                )}
              </>
            ) : (
              <MergeConflicts
                conflicts={conflict.choose.conflicts}
                choices={conflict.choose.choices}
                onChoose={(id, choice) =>
                  setConflict((c) =>
                    c?.choose
                      ? {
                          ...c,
                          choose: { ...c.choose, choices: { ...c.choose.choices, [id]: choice } },
                        }
                      : c,
                  )
                }
                onApply={() =>
                  conflict.choose &&
                  reapply(conflict.latest, conflict.choose.mine, conflict.choose.choices)
                }
              />
            )}
          </Alert>
        </StackItem>
      )}
      {status.kind === 'merged' && (
        <StackItem>
          <Alert
            variant="info"
            isInline
            isPlain
            data-test={`${testId}-merged`}
            title={
              status.paths.length === 0
                ? t(
                    'Your changes were applied on top of the latest version. Review and save again.',
                  )
                : t(
                    'Your changes were applied on top of the latest version, with your choice where both changed the same element ({{paths}}). Review and save again.',
                    { paths: status.paths.join(', ') },
                  )
            }
          />
        </StackItem>
      )}
      {status.kind === 'saved' && (
        <StackItem>
          <Alert
            variant="success"
            isInline
            isPlain
            data-test={`${testId}-saved`}
            title={t('{{name}} has been updated to version {{version}}', {
              name: obj.metadata?.name ?? '',
              version: status.version,
            })}
          />
        </StackItem>
      )}
      {status.kind === 'error' && (
        <StackItem>
          <Alert
            variant="danger"
            isInline
            title={t('An error occurred')}
            data-test={`${testId}-save-error`}
          >
            {status.message}
          </Alert>
        </StackItem>
      )}
      <StackItem>
        <ActionGroup>
          {canSave && (
            <Button
              variant="primary"
              data-test={`${testId}-save`}
              isDisabled={!parsed.ok || identity !== null || !dirty || conflict !== null}
              isLoading={status.kind === 'saving'}
              onClick={() => void save()}
            >
              {t('Save')}
            </Button>
          )}
          <Button
            variant="secondary"
            data-test={`${testId}-reload`}
            onClick={() => load(conflict ? conflict.latest : obj)}
          >
            {t('Reload')}
          </Button>
        </ActionGroup>
      </StackItem>
      <StackItem>
        <CodeEditor
          value={text}
          onChange={(v) => {
            setText(v);
            if (status.kind !== 'saving') setStatus({ kind: 'idle' });
          }}
          markers={markers}
          ariaLabel={t('YAML of {{name}}', { name: obj.metadata?.name ?? '' })}
          testId={`${testId}-editor`}
          readOnly={!canSave}
        />
      </StackItem>
    </Stack>
  );
}
