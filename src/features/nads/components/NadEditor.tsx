// The NAD editor. Its single source of truth is the draft object with `spec.config` as text:
// the form reads values from the text and writes changes back onto it (applyNadFormValues keeps
// unknown keys and key order), the JSON view edits the text directly, so switching views never
// loses anything and an invalid config stays exactly as typed.
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ActionGroup,
  Alert,
  AlertActionLink,
  Button,
  Form,
  FormGroup,
  Grid,
  GridItem,
  List,
  ListItem,
  Stack,
  StackItem,
  TextInput,
  Title,
  ToggleGroup,
  ToggleGroupItem,
} from '@patternfly/react-core';
import { stringify } from 'yaml';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadGVK, NadModel } from '../../../shared/k8s/models';
import { nadListUrl, objectUrl } from '../../../shared/routes';
import { createResource, readResource, updateResource } from '../../../shared/k8s/mutations';
import { toRecreate } from '../../../shared/logic/recreate';
import { toK8sError, type K8sError } from '../../../shared/k8s/k8sError';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import {
  CodeEditor,
  focusEditorPosition,
  type EditorMarker,
  type EditorQuickFix,
} from '../../../shared/ui/CodeEditor';
import { DiffView } from '../../../shared/ui/DiffView';
import { useUnsavedChangesGuard } from '../../../shared/ui/useUnsavedChangesGuard';
import { mergeNadDraft } from '../logic/conflict';
import type { ConflictChoice, MergeConflict } from '../../../shared/logic/merge';
import { MergeConflicts } from '../../../shared/ui/MergeConflicts';
import { applyNadFormValues, toNadFormValues } from '../logic/form';
import { isManagedNad } from '../logic/managed';
import { applyQuickFix } from '../logic/quickFix';
import { renameNewNad } from '../logic/templates';
import { validateNad } from '../logic/validateNad';
import type { NadFormValues } from '../model/form';
import type { Finding, QuickFix, ValidationContext } from '../model/types';
import { FindingsList } from './FindingsList';
import { VlanMismatchAlerts } from '../../switch-ports/components/VlanMismatchAlerts';
import { ManagedNadAlert } from './ManagedNadAlert';
import { NadForm } from './NadForm';
import { useFindingText, useFormUnavailableText } from './findingText';

export const JSON_EDITOR_ID = 'nad-json';

type View = 'form' | 'json';

interface NadEditorProps {
  /** The object being edited as loaded, or a new object from buildNewNad. */
  initial: NetworkAttachmentDefinition;
  isNew: boolean;
  /** The watch saw the object deleted while it was being edited. */
  deleted?: boolean;
  context: ValidationContext;
  canWrite: boolean;
  initialView?: View;
}

function sameDraft(a: NetworkAttachmentDefinition, b: NetworkAttachmentDefinition): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function toYaml(nad: NetworkAttachmentDefinition): string {
  const metadata = { ...nad.metadata };
  // Server bookkeeping only adds noise to the conflict diff.
  Reflect.deleteProperty(metadata, 'managedFields');
  return stringify({ ...nad, metadata }, { lineWidth: 0 });
}

/**
 * Findings follow every keystroke, in the keystroke's own render: validating one config takes
 * about a tenth of a millisecond, so the markers at the caret need neither a debounce nor a
 * deferred render (the list beside the editor is deferred instead, see listedFindings).
 */
function useLiveFindings(
  draft: NetworkAttachmentDefinition,
  context: ValidationContext,
): Finding[] {
  return useMemo(() => validateNad(draft, context), [draft, context]);
}

export function NadEditor({
  initial,
  isNew,
  deleted: deletedOnWatch = false,
  context,
  canWrite,
  initialView,
}: NadEditorProps) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const findingText = useFindingText();
  const reasonText = useFormUnavailableText();
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [view, setView] = useState<View>(initialView ?? 'form');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<K8sError | undefined>();
  const [conflict, setConflict] = useState(false);
  /** Elements both sides changed, with the user's choice, once the draft was re-applied. */
  const [resolved, setResolved] = useState<MergeConflict[]>([]);
  const [pending, setPending] = useState<{
    latest: NetworkAttachmentDefinition;
    mine: NetworkAttachmentDefinition;
    conflicts: MergeConflict[];
    choices: Record<string, ConflictChoice>;
  } | null>(null);
  const [saved, setSaved] = useState<NetworkAttachmentDefinition | undefined>();
  // The server's copy read after a 409; reapply/discard work on it, never on a watched copy,
  // which may carry an old resourceVersion (see readResource in the mutations module).
  const [serverCopy, setServerCopy] = useState<NetworkAttachmentDefinition | undefined>();
  // A GET or PUT answered 404: the object is gone even if the watch has not said so yet.
  const [deletedOnServer, setDeletedOnServer] = useState(false);
  const [recreateAsked, setRecreateAsked] = useState(false);
  const deleted = !isNew && (deletedOnWatch || deletedOnServer);
  const latest = serverCopy;
  const managed = useMemo(() => isManagedNad(initial), [initial]);
  const readOnly = managed.managed || !canWrite;
  const findings = useLiveFindings(draft, context);
  const form = useMemo(() => toNadFormValues(draft), [draft]);
  const text = draft.spec?.config ?? '';
  const dirty = !saved && !sameDraft(draft, base);
  useUnsavedChangesGuard(
    dirty,
    t('You have unsaved changes to this network attachment definition. Leave anyway?'),
  );

  useEffect(() => {
    if (saved) void navigate(objectUrl(NadGVK, saved.metadata.name, saved.metadata.namespace));
  }, [saved, navigate]);

  const quickFixOf = useCallback(
    (fix: QuickFix, message: string): EditorQuickFix => ({
      title: t('Fix: {{message}}', { message }),
      apply: (config: string) => {
        const r = applyQuickFix(config, fix);
        return r.ok ? r.text : undefined;
      },
    }),
    [t],
  );
  const markers = useMemo<EditorMarker[]>(
    () =>
      findings.flatMap((f) =>
        f.position
          ? [
              {
                line: f.position.line,
                column: f.position.column,
                severity: f.severity,
                message: findingText(f),
                ...(f.fix && { quickFix: quickFixOf(f.fix, findingText(f)) }),
              },
            ]
          : [],
      ),
    [findings, findingText, quickFixOf],
  );

  const onFormChange = useCallback((values: NadFormValues) => {
    setDraft((d) => {
      const r = applyNadFormValues(d, values);
      return r.ok && r.changed ? r.nad : d;
    });
  }, []);
  const onJsonChange = useCallback((config: string) => {
    setDraft((d) => ({ ...d, spec: { ...(d.spec ?? {}), config } }));
  }, []);
  const onFix = useCallback((f: Finding) => {
    if (!f.fix) return;
    const fix = f.fix;
    setDraft((d) => {
      const r = applyQuickFix(d.spec?.config ?? '', fix);
      return r.ok ? { ...d, spec: { ...(d.spec ?? {}), config: r.text } } : d;
    });
  }, []);
  const onJump = useCallback((f: Finding) => {
    if (!f.position) return;
    const { line, column } = f.position;
    setView('json');
    // The JSON editor mounts on the view switch; move the caret once it is in the DOM.
    window.setTimeout(() => focusEditorPosition(JSON_EDITOR_ID, line, column), 0);
  }, []);

  const save = async (recreate = false) => {
    setSaving(true);
    setSaveError(undefined);
    try {
      // Saving onto a deleted object only ever happens as an explicit "create it again".
      const data = recreate ? toRecreate(draft) : draft;
      const write = isNew || recreate ? createResource : updateResource;
      await write({ model: NadModel, data, dryRun: true });
      const result = await write({ model: NadModel, data });
      setSaved(result);
    } catch (err) {
      const e = toK8sError(err);
      if (!isNew && !recreate && e.kind === 'notFound') {
        setDeletedOnServer(true);
        return;
      }
      setSaveError(e);
      if (e.kind === 'conflict' && !isNew && !recreate) {
        setConflict(true);
        try {
          setServerCopy(
            await readResource<NetworkAttachmentDefinition>({
              model: NadModel,
              name: draft.metadata.name,
              namespace: draft.metadata.namespace,
            }),
          );
        } catch (readErr) {
          const re = toK8sError(readErr);
          if (re.kind === 'notFound') {
            setConflict(false);
            setSaveError(undefined);
            setDeletedOnServer(true);
          } else setSaveError(re);
        }
      }
    } finally {
      setSaving(false);
      setRecreateAsked(false);
    }
  };

  const applyMerge = (
    theirs: NetworkAttachmentDefinition,
    mine: NetworkAttachmentDefinition,
    choices: Record<string, ConflictChoice>,
  ) => {
    const merged = mergeNadDraft(base, mine, theirs, choices);
    setConflict(false);
    setServerCopy(undefined);
    setSaveError(undefined);
    if (merged.unresolved > 0) {
      // The draft stays as typed until every element both sides changed has a choice.
      setPending({ latest: theirs, mine, conflicts: merged.conflicts, choices });
      return;
    }
    setPending(null);
    setBase(theirs);
    setDraft(merged.nad);
    setResolved(merged.conflicts);
  };
  const reapply = () => {
    if (latest) applyMerge(latest, draft, {});
  };
  const discard = () => {
    if (!latest) return;
    setBase(latest);
    setDraft(latest);
    setResolved([]);
    setPending(null);
    setConflict(false);
    setServerCopy(undefined);
    setSaveError(undefined);
  };

  // The cross-layer check joins many lists; let typing stay responsive and check the settled draft.
  const settledDraft = useDeferredValue(draft);
  const vlanCheckDraft = useMemo(() => ({ nad: settledDraft }), [settledDraft]);
  // Unreadable or oversized configs cannot be saved; other errors are the user's call (the
  // server does not validate CNI JSON either).
  const syntaxError = findings.some(
    (f) =>
      (f.code.startsWith('json.') || f.code === 'nad.configTooLarge') && f.severity === 'error',
  );
  const errorCount = findings.filter((f) => f.severity === 'error').length;
  // The markers at the caret are the feedback while typing; the list beside the editor follows
  // in a render of its own so its layout is not on the keystroke's path.
  const listedFindings = useDeferredValue(findings);
  const { name, namespace } = draft.metadata;

  return (
    <Stack hasGutter data-test="nad-editor">
      {managed.managed && (
        <StackItem>
          <ManagedNadAlert info={managed} />
        </StackItem>
      )}
      {!managed.managed && !canWrite && (
        <StackItem>
          <Alert variant="info" isInline title={t('Read-only')} data-test="editor-forbidden">
            {t(
              'You do not have permission to save network attachment definitions in this namespace.',
            )}
          </Alert>
        </StackItem>
      )}
      {isNew && (
        <StackItem>
          <Form isHorizontal onSubmit={(e) => e.preventDefault()}>
            <FormGroup label={t('Name')} fieldId="nad-name" isRequired>
              <TextInput
                id="nad-name"
                data-test="field-nad-name"
                value={name}
                onChange={(_e, v) => setDraft((d) => renameNewNad(d, v))}
              />
            </FormGroup>
            <FormGroup label={t('Namespace')} fieldId="nad-namespace" isRequired>
              <TextInput
                id="nad-namespace"
                data-test="field-nad-namespace"
                value={namespace}
                onChange={(_e, v) => setDraft((d) => renameNewNad(d, d.metadata.name, v))}
              />
            </FormGroup>
          </Form>
        </StackItem>
      )}
      <StackItem>
        <ToggleGroup aria-label={t('Editor view')}>
          <ToggleGroupItem
            text={t('Form')}
            buttonId="nad-view-form"
            data-test="view-form"
            isSelected={view === 'form'}
            onChange={() => setView('form')}
          />
          <ToggleGroupItem
            text={t('JSON')}
            buttonId="nad-view-json"
            data-test="view-json"
            isSelected={view === 'json'}
            onChange={() => setView('json')}
          />
        </ToggleGroup>
      </StackItem>
      <StackItem>
        <Grid hasGutter>
          <GridItem md={7}>
            {view === 'form' ? (
              form.ok ? (
                <NadForm
                  values={form.values}
                  onChange={onFormChange}
                  nad={{ name, namespace }}
                  readOnly={readOnly}
                />
              ) : (
                <Alert
                  variant="info"
                  isInline
                  title={reasonText(form.reason)}
                  data-test="form-unavailable"
                  actionLinks={
                    <AlertActionLink onClick={() => setView('json')}>
                      {t('Open the JSON editor')}
                    </AlertActionLink>
                  }
                />
              )
            ) : (
              <CodeEditor
                value={text}
                onChange={onJsonChange}
                markers={markers}
                ariaLabel={t('CNI configuration (spec.config)')}
                testId={JSON_EDITOR_ID}
                language="json"
                readOnly={readOnly}
              />
            )}
          </GridItem>
          <GridItem md={5}>
            <Title headingLevel="h2" size="md">
              {t('Findings')}
            </Title>
            <FindingsList
              findings={listedFindings}
              onJump={onJump}
              onFix={readOnly ? undefined : onFix}
              testId="editor-findings"
            />
            <VlanMismatchAlerts
              consumer={{ kind: 'nad', name, namespace }}
              draft={vlanCheckDraft}
            />
          </GridItem>
        </Grid>
      </StackItem>
      {pending && (
        <StackItem>
          <Alert
            variant="warning"
            isInline
            title={t('Choose between your changes and theirs')}
            data-test="conflict-choose"
          >
            <MergeConflicts
              conflicts={pending.conflicts}
              choices={pending.choices}
              onChoose={(id, choice) =>
                setPending((p) => (p ? { ...p, choices: { ...p.choices, [id]: choice } } : p))
              }
              onApply={() => applyMerge(pending.latest, pending.mine, pending.choices)}
            />
          </Alert>
        </StackItem>
      )}
      {resolved.length > 0 && (
        <StackItem>
          <Alert
            variant="info"
            isInline
            title={t('Your changes were re-applied to the latest version')}
            data-test="overridden"
          >
            <p>{t('Both of you changed these elements; your choices were used:')}</p>
            <List>
              {resolved.map((c) => (
                <ListItem key={c.id}>
                  <code>{c.id}</code> {c.choice === 'mine' ? t('(yours kept)') : t('(theirs kept)')}
                </ListItem>
              ))}
            </List>
          </Alert>
        </StackItem>
      )}
      {deleted && (
        <StackItem>
          <Alert
            variant="warning"
            isInline
            title={t('This network attachment definition has been deleted')}
            data-test="editor-object-deleted"
            actionLinks={
              canWrite &&
              !managed.managed &&
              (recreateAsked ? (
                <>
                  <AlertActionLink
                    onClick={() => void save(true)}
                    isDisabled={saving || syntaxError}
                    data-test="recreate-confirm"
                  >
                    {t('Create {{name}} again', { name })}
                  </AlertActionLink>
                  <AlertActionLink
                    onClick={() => setRecreateAsked(false)}
                    data-test="recreate-cancel"
                  >
                    {t('Cancel')}
                  </AlertActionLink>
                </>
              ) : (
                <AlertActionLink onClick={() => setRecreateAsked(true)} data-test="recreate">
                  {t('Create it again from my draft')}
                </AlertActionLink>
              ))
            }
          >
            {recreateAsked
              ? t(
                  'A new object named {{name}} will be created in {{namespace}} from your draft. Pods that used the old one are not changed.',
                  { name, namespace },
                )
              : t(
                  'Someone deleted it while you were editing. Your draft is kept; saving is off so nothing is written onto a deleted object.',
                )}
          </Alert>
        </StackItem>
      )}
      {conflict && !deleted && (
        <StackItem>
          <Alert
            variant="warning"
            isInline
            title={t('Someone else changed this network attachment definition')}
            data-test="conflict"
            actionLinks={
              latest && (
                <>
                  <AlertActionLink onClick={reapply} data-test="conflict-reapply">
                    {t('Re-apply my changes to the latest version')}
                  </AlertActionLink>
                  <AlertActionLink onClick={discard} data-test="conflict-discard">
                    {t('Discard my changes')}
                  </AlertActionLink>
                </>
              )
            }
          >
            <p>{t('Your draft is kept. Differences between the latest version and your draft:')}</p>
            {latest && (
              <DiffView oldText={toYaml(latest)} newText={toYaml(draft)} testId="conflict-diff" />
            )}
          </Alert>
        </StackItem>
      )}
      {saveError && !conflict && (
        <StackItem>
          <Alert variant="danger" isInline title={t('Could not save')} data-test="save-error">
            <p>{saveError.message}</p>
            {saveError.causes.length > 0 && (
              <List>
                {saveError.causes.map((c, i) => (
                  <ListItem key={i}>
                    {c.field && <code>{c.field}</code>} {c.message}
                  </ListItem>
                ))}
              </List>
            )}
          </Alert>
        </StackItem>
      )}
      {!readOnly && (
        <StackItem>
          {errorCount > 0 && !syntaxError && (
            <Alert
              variant="warning"
              isInline
              isPlain
              title={t(
                'The configuration has errors ({{count}}); pods using it will probably fail to start.',
                {
                  count: errorCount,
                },
              )}
            />
          )}
          <ActionGroup>
            <Button
              variant="primary"
              onClick={() => void save()}
              isLoading={saving}
              isDisabled={saving || syntaxError || conflict || deleted || (!dirty && !isNew)}
              data-test="nad-save"
            >
              {isNew ? t('Create') : t('Save')}
            </Button>
            <Button
              variant="link"
              onClick={() =>
                void navigate(
                  isNew
                    ? nadListUrl(namespace)
                    : objectUrl(NadGVK, base.metadata.name, base.metadata.namespace),
                )
              }
              data-test="nad-cancel"
            >
              {t('Cancel')}
            </Button>
          </ActionGroup>
        </StackItem>
      )}
    </Stack>
  );
}
