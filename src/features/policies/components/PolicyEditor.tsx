import { Suspense, lazy, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ActionGroup,
  Alert,
  AlertActionLink,
  Button,
  Checkbox,
  Content,
  Flex,
  FlexItem,
  Spinner,
  Title,
  ToggleGroup,
  ToggleGroupItem,
} from '@patternfly/react-core';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkConfigurationEnactment,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { PolicyModel } from '../../../shared/k8s/models';
import { createResource, readResource, updateResource } from '../../../shared/k8s/mutations';
import { toRecreate } from '../../../shared/logic/recreate';
import { toK8sError } from '../../../shared/k8s/k8sError';
import type { K8sError } from '../../../shared/k8s/k8sError';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { CodeEditor, focusEditorPosition } from '../../../shared/ui/CodeEditor';
import type { EditorMarker } from '../../../shared/ui/CodeEditor';
import { DiffView } from '../../../shared/ui/DiffView';
import { useUnsavedChangesGuard } from '../../../shared/ui/useUnsavedChangesGuard';
import {
  threeWayMerge,
  type ConflictChoice,
  type MergeConflict,
} from '../../../shared/logic/merge';
import { nmstateListIdentity } from '../../../shared/logic/nmstateMergeIdentity';
import { getEditablePolicy } from '../logic/editable';
import { MergeConflicts } from '../../../shared/ui/MergeConflicts';
import { isNestedDeeperThan } from '../../../shared/logic/nesting';
import { TooDeeplyNested } from '../../../shared/ui/TooDeeplyNested';
import type { Finding } from '../model/finding';
import type { PolicyFormValues } from '../model/policyForm';
import { applyPolicyFormValues, toPolicyFormValues } from '../logic/policyForm';
import { parseResourceYaml, stringifyResourceYaml } from '../logic/resourceYaml';
import { validatePolicy } from '../logic/validatePolicy';
import { getFormIndexMap, getServerCauseFindings, locateFindings } from '../logic/formFindings';
import { getYamlPathPosition } from '../logic/yamlPositions';
import { updateYamlText } from '../logic/yamlRoundTrip';
import { getYamlOnlyPaths } from '../logic/formCoverage';
import { PolicyForm } from './form/PolicyForm';
import type { LeavingRevertPlan } from '../../rollback/logic/leavingNodes';
import { VlanMismatchAlerts } from '../../switch-ports/components/VlanMismatchAlerts';
import { getFindingMessage, getFormReasonMessage, getYamlErrorMessage } from './messages';
import { getPolicyUrl } from './urls';
import './policies.css';

type View = 'form' | 'yaml';

// Loaded when the preview is first asked for (see PolicyPreviewSection).
const PolicyPreviewSection = lazy(() =>
  import('./PolicyPreviewSection').then((m) => ({ default: m.PolicyPreviewSection })),
);

interface PolicyEditorProps {
  /** What the editor starts from: a new template, a clone, or the server copy. */
  initial: NodeNetworkConfigurationPolicy;
  /** Editing: the live server copy (its conditions decide "still progressing"). */
  live?: NodeNetworkConfigurationPolicy;
  /** Editing: the watch saw the policy deleted while it was open. */
  deleted?: boolean;
  isEdit: boolean;
  initialView: View;
  nodes: Node[];
  nodeNetworkStates: NodeNetworkState[];
  /** The edited policy's enactments: their cached captures drive the preview, as on the node. */
  enactments?: NodeNetworkConfigurationEnactment[];
  policies: NodeNetworkConfigurationPolicy[];
  canSave: boolean;
}

const EXPECTED = { kind: 'NodeNetworkConfigurationPolicy', apiVersionPrefix: 'nmstate.io/' };
const BLOCKING = new Set(['error']);

interface Conflict {
  latest: NodeNetworkConfigurationPolicy;
  /** The server copy nests too deeply to diff or merge (both recurse); the draft stays. */
  latestTooDeep: boolean;
  /** Set once the user asked to re-apply the draft: the elements both sides changed. */
  merge: {
    mine: NodeNetworkConfigurationPolicy;
    conflicts: MergeConflict[];
    choices: Record<string, ConflictChoice>;
    applied: boolean;
  } | null;
}

/** Form and YAML authoring with validation, per-node preview, dry-run, save and 409 handling. */
export function PolicyEditor({
  initial,
  live,
  deleted: deletedOnWatch = false,
  isEdit,
  initialView,
  nodes,
  nodeNetworkStates,
  enactments,
  policies,
  canSave,
}: PolicyEditorProps) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const startForm = useMemo(() => toPolicyFormValues(initial), [initial]);
  const [base, setBase] = useState(initial);
  const [formOriginal, setFormOriginal] = useState(initial);
  const [values, setValues] = useState<PolicyFormValues | null>(
    startForm.ok ? startForm.values : null,
  );
  const [view, setView] = useState<View>(startForm.ok ? initialView : 'yaml');
  const [formNote, setFormNote] = useState<string | null>(
    startForm.ok ? null : getFormReasonMessage(t, startForm.reason, startForm.params),
  );
  const [yamlText, setYamlText] = useState(() => stringifyResourceYaml(initial));
  const [serverFindings, setServerFindings] = useState<Finding[]>([]);
  const [status, setStatus] = useState<
    | { kind: 'idle' }
    | { kind: 'busy'; step: 'dryRun' | 'save' }
    | { kind: 'dryRunOk' }
    | { kind: 'error'; error: K8sError }
  >({ kind: 'idle' });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  const [dangerAck, setDangerAck] = useState(false);
  const [saved, setSaved] = useState(false);
  // A PUT or GET answered 404: gone on the server even if the watch has not said so yet.
  const [deletedOnServer, setDeletedOnServer] = useState(false);
  const [recreateAsked, setRecreateAsked] = useState(false);
  // Revert policies for nodes the edit drops, created with the save (LeavingNodesPanel).
  const [leavingRevert, setLeavingRevert] = useState<LeavingRevertPlan | null>(null);
  const deleted = isEdit && (deletedOnWatch || deletedOnServer);

  const yamlResult = useMemo(
    () =>
      view === 'yaml'
        ? parseResourceYaml<NodeNetworkConfigurationPolicy>(yamlText, EXPECTED)
        : null,
    [view, yamlText],
  );
  const draft: NodeNetworkConfigurationPolicy | null = useMemo(() => {
    if (view === 'form') return values ? applyPolicyFormValues(formOriginal, values) : formOriginal;
    return yamlResult?.ok ? yamlResult.value : null;
  }, [view, values, formOriginal, yamlResult]);

  const states = useMemo(
    () => new Map(nodeNetworkStates.map((s) => [s.metadata.name, s.status?.currentState])),
    [nodeNetworkStates],
  );
  const findings = useMemo(() => {
    if (!draft) return serverFindings;
    const local = validatePolicy(draft, {
      nodes,
      nodeNetworkStates,
      policies,
      existingPolicy: isEdit ? (live ?? base) : undefined,
    });
    return [...local, ...serverFindings];
  }, [draft, nodes, nodeNetworkStates, policies, isEdit, live, base, serverFindings]);
  const errors = findings.filter((f) => BLOCKING.has(f.severity));
  const dangers = findings.filter((f) => f.severity === 'danger');
  const located = useMemo(
    () => (values ? locateFindings(findings, getFormIndexMap(formOriginal, values)) : []),
    [findings, formOriginal, values],
  );
  // The form shows most findings on their fields; YAML has no fields, so it lists them all.
  const generalFindings =
    view === 'yaml'
      ? findings
      : located
          .filter((l) => l.target.section === 'policy')
          .map((l) => l.finding)
          // The OVN section shows its own findings.
          .filter((f) => !f.path.startsWith('spec.desiredState.ovn'));

  const markers = useMemo((): EditorMarker[] => {
    if (view !== 'yaml') return [];
    if (yamlResult && !yamlResult.ok)
      return [
        {
          line: Math.max(1, yamlResult.error.line),
          column: Math.max(1, yamlResult.error.column),
          severity: 'error',
          message: getYamlErrorMessage(t, yamlResult.error),
        },
      ];
    return findings.flatMap((f) => {
      const pos = getYamlPathPosition(yamlText, f.path);
      return pos ? [{ ...pos, severity: f.severity, message: getFindingMessage(t, f) }] : [];
    });
  }, [view, yamlResult, findings, yamlText, t]);

  const deferredDraft = useDeferredValue(draft);
  const vlanCheckDraft = useMemo(
    () => (deferredDraft ? { policy: deferredDraft } : undefined),
    [deferredDraft],
  );

  const yamlOnly = useMemo(
    () => (view === 'form' && deferredDraft ? getYamlOnlyPaths(deferredDraft) : null),
    [view, deferredDraft],
  );

  const initialText = useMemo(() => JSON.stringify(initial), [initial]);
  const isDirty = !saved && (draft === null || JSON.stringify(draft) !== initialText);
  useUnsavedChangesGuard(
    isDirty,
    t('Leave the editor? Your changes to this policy are not saved.'),
  );

  const loadInto = useCallback(
    (obj: NodeNetworkConfigurationPolicy, target: View) => {
      setYamlText(stringifyResourceYaml(obj));
      const r = toPolicyFormValues(obj);
      if (target === 'form' && r.ok) {
        setFormOriginal(obj);
        setValues(r.values);
        setView('form');
        setFormNote(null);
      } else {
        setView('yaml');
        if (!r.ok) setFormNote(getFormReasonMessage(t, r.reason, r.params));
      }
    },
    [t],
  );

  const switchView = (next: View) => {
    if (next === view) return;
    if (next === 'yaml') {
      // Onto the last YAML text, so its comments and key order survive the form.
      if (draft) setYamlText(updateYamlText(yamlText, draft));
      setView('yaml');
      return;
    }
    if (!yamlResult?.ok) return;
    const r = toPolicyFormValues(yamlResult.value);
    if (!r.ok) {
      setFormNote(getFormReasonMessage(t, r.reason, r.params));
      return;
    }
    setFormNote(null);
    setFormOriginal(yamlResult.value);
    setValues(r.values);
    setView('form');
  };

  const onFormChange = (v: PolicyFormValues) => {
    setValues(v);
    setServerFindings([]);
    setStatus({ kind: 'idle' });
  };
  const onYamlChange = (text: string) => {
    setYamlText(text);
    setServerFindings([]);
    setStatus({ kind: 'idle' });
  };

  // Saving onto a deleted policy only ever happens as an explicit "create it again".
  const write = async (obj: NodeNetworkConfigurationPolicy, dryRun: boolean, recreate: boolean) =>
    isEdit && !recreate
      ? updateResource({ model: PolicyModel, data: obj, dryRun })
      : createResource({ model: PolicyModel, data: recreate ? toRecreate(obj) : obj, dryRun });

  const handleError = async (err: unknown, recreate: boolean) => {
    const e = toK8sError(err);
    if (e.kind === 'notFound' && isEdit && !recreate) {
      setDeletedOnServer(true);
      setStatus({ kind: 'idle' });
      return;
    }
    if (e.kind === 'conflict' && isEdit && !recreate && draft) {
      // Fetch the server's copy to show what changed; the draft stays in the editor. Never the
      // watched copy: its resourceVersion may be old (see readResource in the mutations module).
      try {
        const latest = await readResource<NodeNetworkConfigurationPolicy>({
          model: PolicyModel,
          name: draft.metadata.name,
        });
        // Compared with the loaded copy, which is the editable part too.
        setConflict({
          latest: getEditablePolicy(latest),
          latestTooDeep: isNestedDeeperThan(latest),
          merge: null,
        });
      } catch (fetchErr) {
        const fe = toK8sError(fetchErr);
        if (fe.kind === 'notFound') {
          setDeletedOnServer(true);
          setStatus({ kind: 'idle' });
        } else setStatus({ kind: 'error', error: fe });
        return;
      }
      setStatus({ kind: 'idle' });
      return;
    }
    if (e.kind === 'invalid' || e.kind === 'forbidden')
      setServerFindings(getServerCauseFindings(e.causes, e.message));
    setStatus({ kind: 'error', error: e });
  };

  const run = async (save: boolean, recreate = false) => {
    if (!draft) return;
    setRecreateAsked(false);
    setStatus({ kind: 'busy', step: 'dryRun' });
    setServerFindings([]);
    try {
      await write(draft, true, recreate);
      // Only set once the preview (which loads the rollback code) offered it.
      const leaving = leavingRevert ? await import('../../rollback/data/leavingRevert') : null;
      if (leaving && leavingRevert) await leaving.dryRunLeavingRevert(leavingRevert);
      if (!save) {
        setStatus({ kind: 'dryRunOk' });
        return;
      }
      setStatus({ kind: 'busy', step: 'save' });
      const result = await write(draft, false, recreate);
      // Rollback feature (issue 6): record the saved generation in the policy history; best
      // effort, the save itself already succeeded.
      import('../../rollback/data/revisionStore')
        .then(({ recordPolicyRevision }) => recordPolicyRevision(result, { written: true }))
        .catch(() => undefined);
      // After the save, so the revert never fights the policy while it still selects the nodes.
      if (leaving && leavingRevert) await leaving.createLeavingRevert(leavingRevert);
      setSaved(true);
      void navigate(getPolicyUrl(result.metadata.name));
    } catch (err) {
      await handleError(err, recreate);
    }
  };

  const applyMerge = (
    latest: NodeNetworkConfigurationPolicy,
    mine: NodeNetworkConfigurationPolicy,
    choices: Record<string, ConflictChoice>,
  ) => {
    const r = threeWayMerge(base, mine, latest, { identity: nmstateListIdentity, choices });
    if (r.unresolved > 0) {
      // Nothing is loaded until the user has chosen for every element both sides changed.
      setConflict({
        latest,
        latestTooDeep: false,
        merge: { mine, conflicts: r.conflicts, choices, applied: false },
      });
      return;
    }
    const merged = r.merged;
    merged.metadata.resourceVersion = latest.metadata.resourceVersion;
    setBase(latest);
    setConflict({
      latest,
      latestTooDeep: false,
      merge: { mine, conflicts: r.conflicts, choices, applied: true },
    });
    loadInto(merged, view);
  };

  const reapply = () => {
    if (!conflict || conflict.latestTooDeep || !draft) return;
    applyMerge(conflict.latest, draft, {});
  };

  const chooseConflict = (id: string, choice: ConflictChoice) =>
    setConflict((c) =>
      c?.merge ? { ...c, merge: { ...c.merge, choices: { ...c.merge.choices, [id]: choice } } } : c,
    );

  const busy = status.kind === 'busy';
  const blocked = !draft || errors.length > 0 || (dangers.length > 0 && !dangerAck);

  return (
    <div data-test="policy-editor-body">
      <Flex className="pf-v6-u-mb-md">
        <FlexItem>
          <ToggleGroup aria-label={t('Editor view')}>
            <ToggleGroupItem
              text={t('Form')}
              isSelected={view === 'form'}
              onChange={() => switchView('form')}
              data-test="view-form"
            />
            <ToggleGroupItem
              text={t('YAML')}
              isSelected={view === 'yaml'}
              onChange={() => switchView('yaml')}
              data-test="view-yaml"
            />
          </ToggleGroup>
        </FlexItem>
      </Flex>
      {formNote && (
        <Alert variant="info" isInline title={t('Edited as YAML')} data-test="form-note">
          {formNote}
        </Alert>
      )}
      {view === 'form' && yamlOnly && yamlOnly.length > 0 && (
        <Alert
          variant="info"
          isInline
          isPlain
          className="pf-v6-u-mb-md"
          data-test="yaml-only"
          title={t('Edited in YAML only: {{paths}}', {
            paths: yamlOnly.map((p) => p.replace(/^spec\.desiredState\./, '')).join(', '),
          })}
        />
      )}
      {view === 'form' && values ? (
        <PolicyForm
          values={values}
          onChange={onFormChange}
          located={located}
          nodes={nodes}
          states={states}
          isEdit={isEdit}
          desiredState={draft?.spec.desiredState}
        />
      ) : (
        <>
          {yamlResult && !yamlResult.ok && (
            <Alert
              variant="danger"
              isInline
              isPlain
              title={getYamlErrorMessage(t, yamlResult.error)}
              data-test="yaml-error"
              actionLinks={
                yamlResult.error.line > 0 ? (
                  <AlertActionLink
                    onClick={() =>
                      focusEditorPosition(
                        'policy-yaml',
                        yamlResult.error.line,
                        yamlResult.error.column,
                      )
                    }
                  >
                    {t('Go to line {{line}}', { line: yamlResult.error.line })}
                  </AlertActionLink>
                ) : undefined
              }
            />
          )}
          <CodeEditor
            value={yamlText}
            onChange={onYamlChange}
            markers={markers}
            ariaLabel={t('Policy YAML')}
            testId="policy-yaml"
          />
        </>
      )}

      {generalFindings.length > 0 && (
        <div className="pf-v6-u-mt-md" data-test="general-findings">
          {generalFindings.map((f, i) => (
            <Alert
              key={`${f.code}-${f.path}-${i}`}
              variant={
                f.severity === 'warning' ? 'warning' : f.severity === 'info' ? 'info' : 'danger'
              }
              isInline
              isPlain
              title={getFindingMessage(t, f)}
              data-test={`finding-${f.code}`}
              actionLinks={
                view === 'yaml' ? (
                  <AlertActionLink
                    onClick={() => {
                      const pos = getYamlPathPosition(yamlText, f.path);
                      if (pos) focusEditorPosition('policy-yaml', pos.line, pos.column);
                    }}
                  >
                    {f.path}
                  </AlertActionLink>
                ) : undefined
              }
            />
          ))}
        </div>
      )}

      {deferredDraft && (
        <div className="pf-v6-u-mt-md">
          <VlanMismatchAlerts
            consumer={{ kind: 'policy', name: deferredDraft.metadata.name }}
            draft={vlanCheckDraft}
          />
        </div>
      )}

      <div className="pf-v6-u-mt-lg">
        <Title headingLevel="h2">{t('Preview per node')}</Title>
        {showPreview && deferredDraft ? (
          <Suspense fallback={<Spinner size="lg" />}>
            <PolicyPreviewSection
              draft={deferredDraft}
              nodes={nodes}
              nodeNetworkStates={nodeNetworkStates}
              enactments={enactments}
              live={live}
              isEdit={isEdit}
              onRevertOnSave={setLeavingRevert}
            />
          </Suspense>
        ) : (
          <Button
            variant="secondary"
            onClick={() => setShowPreview(true)}
            isDisabled={!draft}
            data-test="show-preview"
          >
            {t('Preview changes on each node')}
          </Button>
        )}
      </div>

      {dangers.length > 0 && (
        <Checkbox
          id="danger-ack"
          className="pf-v6-u-mt-md"
          data-test="danger-ack"
          label={t(
            'I understand this changes networking OpenShift depends on and may cut nodes off',
          )}
          isChecked={dangerAck}
          onChange={(_e, v) => setDangerAck(v)}
        />
      )}
      {deleted && draft && (
        <Alert
          variant="warning"
          isInline
          className="pf-v6-u-mt-md"
          title={t('This policy has been deleted')}
          data-test="editor-object-deleted"
          actionLinks={
            canSave &&
            (recreateAsked ? (
              <>
                <AlertActionLink
                  onClick={() => void run(true, true)}
                  isDisabled={blocked || busy}
                  data-test="recreate-confirm"
                >
                  {t('Create {{name}} again', { name: draft.metadata.name })}
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
                'A new policy named {{name}} will be created from your draft and applied to the nodes it selects.',
                { name: draft.metadata.name },
              )
            : t(
                'Someone deleted it while you were editing. Your draft is kept; saving is off so nothing is written onto a deleted policy.',
              )}
        </Alert>
      )}
      {/* Next to the buttons, where the user just clicked Save. */}
      {conflict && !deleted && (
        <Alert
          variant="warning"
          isInline
          title={t('Someone else changed this policy while you were editing')}
          data-test="conflict"
          actionLinks={
            conflict.merge === null && !conflict.latestTooDeep ? (
              <AlertActionLink onClick={reapply} data-test="conflict-reapply">
                {t('Re-apply my draft on top')}
              </AlertActionLink>
            ) : undefined
          }
        >
          {conflict.merge === null && (
            <>
              <Content component="p">
                {t('Your draft is kept. The server copy changed as follows since you opened it:')}
              </Content>
              {conflict.latestTooDeep ? (
                <TooDeeplyNested testId="conflict-too-deep" />
              ) : (
                <DiffView
                  oldText={stringifyResourceYaml(base)}
                  newText={stringifyResourceYaml(conflict.latest)}
                  testId="conflict-diff"
                />
              )}
            </>
          )}
          {conflict.merge?.applied === false && (
            <MergeConflicts
              conflicts={conflict.merge.conflicts}
              choices={conflict.merge.choices}
              onChoose={chooseConflict}
              onApply={() =>
                conflict.merge &&
                applyMerge(conflict.latest, conflict.merge.mine, conflict.merge.choices)
              }
            />
          )}
          {conflict.merge?.applied && (
            <Content component="p" data-test="conflict-merged">
              {conflict.merge.conflicts.length === 0
                ? t(
                    'Your changes were applied on top of the latest version. Review and save again.',
                  )
                : t(
                    'Your changes were applied on top of the latest version, with your choice where both changed the same element ({{paths}}). Review and save again.',
                    { paths: conflict.merge.conflicts.map((c) => c.id).join(', ') },
                  )}
            </Content>
          )}
        </Alert>
      )}

      {status.kind === 'dryRunOk' && (
        <Alert
          variant="success"
          isInline
          isPlain
          className="pf-v6-u-mt-md"
          title={t('The API server accepted this policy (dry run); nothing was saved yet.')}
          data-test="dry-run-ok"
        />
      )}
      {status.kind === 'error' && (
        <Alert
          variant="danger"
          isInline
          className="pf-v6-u-mt-md"
          title={t('The API server refused the policy')}
          data-test="save-error"
        >
          {status.error.message}
        </Alert>
      )}
      <ActionGroup className="pf-v6-u-mt-md">
        {canSave && (
          <>
            <Button
              variant="primary"
              data-test="save"
              isDisabled={blocked || busy || deleted}
              isLoading={busy && status.step === 'save'}
              onClick={() => void run(true)}
            >
              {isEdit ? t('Save') : t('Create')}
            </Button>
            <Button
              variant="secondary"
              data-test="dry-run"
              isDisabled={!draft || busy || deleted}
              isLoading={busy && status.step === 'dryRun'}
              onClick={() => void run(false)}
            >
              {t('Dry run')}
            </Button>
          </>
        )}
        <Button variant="link" data-test="cancel" onClick={() => void navigate(-1)}>
          {t('Cancel')}
        </Button>
      </ActionGroup>
      {errors.length > 0 && (
        <Content component="small" data-test="save-blocked">
          {t('{{count}} problems must be fixed before saving', { count: errors.length })}
        </Content>
      )}
    </div>
  );
}
