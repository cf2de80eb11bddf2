import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { Alert, Spinner } from '@patternfly/react-core';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { isNestedDeeperThan } from '../../../shared/logic/nesting';
import { TooDeeplyNested } from '../../../shared/ui/TooDeeplyNested';
import { PageShell } from '../../../shared/ui/PageShell';
import {
  useEnactments,
  useNodeNetworkStates,
  useNodes,
  usePolicies,
  usePolicy,
  usePolicyPermissions,
} from '../data/usePolicyData';
import { createEmptyPolicy } from '../logic/policyForm';
import { getEditablePolicy } from '../logic/editable';
import { PolicyEditor } from '../components/PolicyEditor';

/** A clone keeps the spec and the user's labels/annotations; server-owned fields are dropped. */
const toClone = (source: NodeNetworkConfigurationPolicy): NodeNetworkConfigurationPolicy => {
  const copy = structuredClone(source);
  const { labels, annotations } = copy.metadata;
  const metadata: NodeNetworkConfigurationPolicy['metadata'] = {
    name: `${source.metadata.name}-copy`,
  };
  if (labels) metadata.labels = labels;
  if (annotations) {
    const kept = Object.fromEntries(
      Object.entries(annotations).filter(([k]) => !k.startsWith('nmstate.io/')),
    );
    if (Object.keys(kept).length > 0) metadata.annotations = kept;
  }
  return { apiVersion: copy.apiVersion, kind: copy.kind, metadata, spec: copy.spec };
};

function PolicyEditorPage() {
  const { t } = usePluginTranslation();
  const { name } = useParams<{ name?: string }>();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const cloneOf = query.get('clone') ?? undefined;
  const initialView = query.get('mode') === 'yaml' ? 'yaml' : 'form';
  const isEdit = Boolean(name);
  const source = usePolicy(name ?? cloneOf);
  const nodes = useNodes();
  const states = useNodeNetworkStates();
  const policies = usePolicies();
  const permissions = usePolicyPermissions(name);
  // Only an edited policy has enactments whose cached captures the handler reuses; a new policy
  // (or a clone, which gets a new name) watches a label value no policy carries.
  const enactments = useEnactments(name ?? NO_POLICY);
  const loaded = source.data !== undefined;
  // The editor starts once from the first copy it gets; later watch updates must not reset
  // the draft (they are handled as conflicts on save).
  const sourceKey = loaded ? (name ?? cloneOf ?? '') : '';
  // Cloning, the form, the YAML text and validation all recurse into the object: a policy
  // nested too deeply is not opened at all. A draft typed into the YAML editor is checked as
  // it is parsed and stays in the editor.
  const { initial, tooDeep } = useMemo(
    (): { initial: NodeNetworkConfigurationPolicy | null; tooDeep: boolean } => {
      if (!name && !cloneOf) return { initial: createEmptyPolicy(''), tooDeep: false };
      if (!source.data) return { initial: null, tooDeep: false };
      if (isNestedDeeperThan(source.data)) return { initial: null, tooDeep: true };
      return {
        initial: isEdit ? getEditablePolicy(source.data) : toClone(source.data),
        tooDeep: false,
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fixed once the source has loaded
    [sourceKey, name, cloneOf],
  );
  // Someone may make the server copy too deep while a draft is open: the draft stays, the
  // editor just stops comparing against that copy.
  const live = useMemo(
    () => (isEdit && source.data && !isNestedDeeperThan(source.data) ? source.data : undefined),
    [isEdit, source.data],
  );
  const title = isEdit
    ? t('Edit policy {{name}}', { name: name ?? '' })
    : cloneOf
      ? t('Clone policy {{name}}', { name: cloneOf })
      : t('Create policy');
  const canSave = isEdit ? permissions.canUpdate : permissions.canCreate;
  const needsSource = Boolean(name ?? cloneOf);
  return (
    <PageShell title={title} testId="policy-editor">
      {!permissions.loading && !canSave && (
        <Alert
          variant="warning"
          isInline
          className="pf-v6-u-mb-md"
          title={t('You do not have permission to save policies')}
          data-test="no-permission"
        >
          {t(
            'Your account may read policies but not create or change them. You can still fill in the form, validate it and preview it per node; ask a cluster administrator for the switchboard-policy-author role to apply it.',
          )}
        </Alert>
      )}
      {tooDeep ? (
        <TooDeeplyNested testId="editor-too-deep">
          {t(
            'The form and the YAML editor cannot open this policy. Edit it with: oc edit nncp {{name}}',
            { name: name ?? cloneOf ?? '' },
          )}
        </TooDeeplyNested>
      ) : needsSource && !initial ? (
        <DataState result={source}>
          <Spinner size="lg" aria-label={t('Loading')} />
        </DataState>
      ) : initial ? (
        <PolicyEditor
          initial={initial}
          live={live}
          deleted={isEdit && source.isDeleted}
          isEdit={isEdit}
          initialView={initialView}
          nodes={nodes.data}
          nodeNetworkStates={states.data}
          enactments={enactments.data}
          policies={policies.data}
          canSave={canSave}
        />
      ) : null}
    </PageShell>
  );
}

const NO_POLICY = 'switchboard-no-policy-selected';

export default withQueryClient(PolicyEditorPage);
