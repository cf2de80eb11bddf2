import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAccessReview, useActiveNamespace } from '@openshift-console/dynamic-plugin-sdk';
import {
  Badge,
  Button,
  EmptyState,
  EmptyStateBody,
  Flex,
  FlexItem,
  Tab,
  Tabs,
  TabTitleText,
  Spinner,
} from '@patternfly/react-core';
import { FLAGS } from '../../../shared/flags';
import { useConsoleFlag } from '../../../shared/useConsoleFlag';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { DataState } from '../../../shared/ui/DataState';
import { PageShell } from '../../../shared/ui/PageShell';
import { deniedVerbs, ReadOnlyNotice } from '../../../shared/ui/ReadOnlyNotice';
import { IronicGVK } from '../../../shared/k8s/models';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import type {
  BareMetalHost,
  HostNetworkAttachment,
  IronicResource,
} from '../../../shared/model/metal3';
import { AttachInterfaceModal } from '../components/AttachInterfaceModal';
import { AttachmentsTab } from '../components/AttachmentsTab';
import { CreateSwitchModal } from '../components/CreateSwitchModal';
import { HnaEditorModal } from '../components/HnaEditorModal';
import { HostsTab } from '../components/HostsTab';
import { PortPhasesTab } from '../components/PortPhasesTab';
import { SwitchesTab } from '../components/SwitchesTab';
import { VlanCheckTab } from '../components/VlanCheckTab';
import { useSwitchPortsData } from '../data/useSwitchPortsData';
import { pickHostNamespace } from '../logic/defaultNamespace';
import { readProviderNetworks } from '../logic/ironicNetworking';
import type { NicPort } from '../model/types';

const ALL_NAMESPACES = '#ALL_NS#';
const DEFAULT_NAMESPACE = 'openshift-machine-api';
const TABS = ['hosts', 'switches', 'vlan-check', 'attachments', 'phases'] as const;
type TabKey = (typeof TABS)[number];

type Dialog =
  | { kind: 'hna'; existing?: HostNetworkAttachment }
  | { kind: 'attach'; host: BareMetalHost; nic: NicPort }
  | { kind: 'switch' };

function SwitchPortsPage() {
  const { t } = usePluginTranslation();
  const switchesInstalled = useConsoleFlag(FLAGS.metal3Switches);
  const [activeNamespace] = useActiveNamespace();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as TabKey)
    : 'hosts';
  const [dialog, setDialog] = useState<Dialog>();
  // Stable, so the memoised list rows do not re-render on every watch update of the page.
  const onAttach = useCallback(
    (host: BareMetalHost, nic: NicPort) => setDialog({ kind: 'attach', host, nic }),
    [],
  );
  const onEditAttachment = useCallback(
    (hna: HostNetworkAttachment) => setDialog({ kind: 'hna', existing: hna }),
    [],
  );
  const data = useSwitchPortsData(switchesInstalled);
  // The provider networks of the cluster's Ironic resource; a cluster without the CRD (or
  // without read access) leaves them unknown rather than guessed.
  const ironics = useWatchedList<IronicResource>(IronicGVK, {
    enabled: switchesInstalled === true,
  });
  const provider = useMemo(() => readProviderNetworks(ironics.data), [ironics.data]);
  const defaultNamespace =
    activeNamespace !== ALL_NAMESPACES
      ? activeNamespace
      : pickHostNamespace(data.hosts, DEFAULT_NAMESPACE);
  const [canCreateHna, hnaLoading] = useAccessReview({
    group: 'metal3.io',
    resource: 'hostnetworkattachments',
    verb: 'create',
    namespace: defaultNamespace,
  });
  const [canUpdateHost, hostLoading] = useAccessReview({
    group: 'metal3.io',
    resource: 'baremetalhosts',
    verb: 'update',
    namespace: defaultNamespace,
  });
  const [canCreateSwitch] = useAccessReview({
    group: 'metal3.io',
    resource: 'baremetalswitches',
    verb: 'create',
    namespace: defaultNamespace,
  });
  const [canCreateSecret] = useAccessReview({
    group: '',
    resource: 'secrets',
    verb: 'create',
    namespace: defaultNamespace,
  });

  if (switchesInstalled === undefined)
    return (
      <PageShell title={t('Switch ports')} testId="switch-ports">
        <Spinner size="lg" aria-label={t('Loading')} data-test="loading" />
      </PageShell>
    );
  if (!switchesInstalled)
    return (
      <PageShell title={t('Switch ports')} testId="switch-ports">
        <EmptyState
          titleText={t('Switch management is not enabled')}
          headingLevel="h2"
          data-test="switch-ports-disabled"
        >
          <EmptyStateBody>
            {t(
              'This cluster has no BareMetalSwitch and HostNetworkAttachment APIs. They come with a baremetal-operator that includes Ironic standalone networking (metal3.io BareMetalSwitch CRD), enabled through the Ironic networking service (Ironic spec.networkingService.enabled, or switch management in the OpenShift provisioning configuration).',
            )}
          </EmptyStateBody>
        </EmptyState>
      </PageShell>
    );

  const actions = (
    <Flex>
      {canCreateHna && (
        <FlexItem>
          <Button
            variant="secondary"
            data-test="create-hna"
            onClick={() => setDialog({ kind: 'hna' })}
          >
            {t('Create attachment')}
          </Button>
        </FlexItem>
      )}
      {canCreateSwitch && canCreateSecret && (
        <FlexItem>
          <Button
            variant="secondary"
            data-test="create-switch"
            onClick={() => setDialog({ kind: 'switch' })}
          >
            {t('Create switch')}
          </Button>
        </FlexItem>
      )}
    </Flex>
  );
  const errors = data.mismatches.filter((m) => m.severity === 'error').length;
  const latestHost =
    dialog?.kind === 'attach'
      ? data.hosts.find(
          (h) =>
            h.metadata.namespace === dialog.host.metadata.namespace &&
            h.metadata.name === dialog.host.metadata.name,
        )
      : undefined;

  return (
    <PageShell
      title={t('Switch ports')}
      testId="switch-ports"
      actions={actions}
      description={t('Top-of-rack switch ports of bare-metal hosts and the VLANs they carry.')}
      notice={
        // Setting a port's VLANs writes a HostNetworkAttachment and the host's reference to it.
        <ReadOnlyNotice
          loading={hnaLoading || hostLoading}
          resource={t('switch-port attachments')}
          denied={deniedVerbs([['create', canCreateHna && canUpdateHost]])}
        />
      }
    >
      <DataState result={data.primary} testId="switch-ports">
        {/* Only the open tab is mounted: the lists' filters live in the URL under the console's
            names (`name=`, `labels=`, `sortBy=`), which a hidden tab's list would read too.
            Switching tabs writes `tab` alone, so a tab opens with its own filters cleared. */}
        <Tabs
          mountOnEnter
          unmountOnExit
          activeKey={tab}
          onSelect={(_e, key) => setParams({ tab: String(key) }, { replace: true })}
          aria-label={t('Switch port views')}
        >
          <Tab
            eventKey="hosts"
            title={<TabTitleText>{t('Hosts')}</TabTitleText>}
            data-test="tab-hosts"
          >
            <HostsTab
              views={data.hostViews}
              mismatches={data.mismatches}
              hardwareData={data.hardwareData}
              nodeNetworkStates={data.nodeNetworkStates}
              policies={data.policies}
              canEdit={canUpdateHost}
              onAttach={onAttach}
            />
          </Tab>
          <Tab
            eventKey="switches"
            title={<TabTitleText>{t('Switches')}</TabTitleText>}
            data-test="tab-switches"
          >
            <SwitchesTab views={data.switchViews} />
          </Tab>
          <Tab
            eventKey="vlan-check"
            title={
              <TabTitleText>
                {t('VLAN check')}{' '}
                <Badge isRead={errors === 0} data-test="vlan-check-errors">
                  {errors}
                </Badge>
              </TabTitleText>
            }
            data-test="tab-vlan-check"
          >
            <VlanCheckTab
              mismatches={data.mismatches}
              hostViews={data.hostViews}
              canEdit={canCreateHna && canUpdateHost}
              onEditAttachment={(hna) => setDialog({ kind: 'hna', existing: hna })}
            />
          </Tab>
          <Tab
            eventKey="attachments"
            title={<TabTitleText>{t('Attachments')}</TabTitleText>}
            data-test="tab-attachments"
          >
            <AttachmentsTab
              attachments={data.attachments}
              hosts={data.hosts}
              canEdit={canCreateHna && canUpdateHost}
              onEdit={onEditAttachment}
            />
          </Tab>
          <Tab
            eventKey="phases"
            title={<TabTitleText>{t('Port phases')}</TabTitleText>}
            data-test="tab-phases"
          >
            <PortPhasesTab provider={provider} />
          </Tab>
        </Tabs>
      </DataState>
      {dialog?.kind === 'hna' && (
        <HnaEditorModal
          existing={dialog.existing}
          defaultNamespace={defaultNamespace}
          attachments={data.attachments}
          hosts={data.hosts}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'attach' && (
        <AttachInterfaceModal
          host={dialog.host}
          latestHost={latestHost}
          nic={dialog.nic}
          attachments={data.attachments}
          impactInputs={data.impactInputs}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'switch' && (
        <CreateSwitchModal
          defaultNamespace={defaultNamespace}
          onClose={() => setDialog(undefined)}
        />
      )}
    </PageShell>
  );
}

export default withQueryClient(SwitchPortsPage);
