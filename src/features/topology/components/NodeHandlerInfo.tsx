import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from '@patternfly/react-core';
import type { K8sResource } from '../../../shared/model/k8s';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { formatAge } from '../../../shared/ui/labels';
import { getNodeStateHandlerInfo } from '../../policies/logic/handlerOutput';

/**
 * The handler's report about itself on a node: when it last refreshed the state, and the nmstate
 * and NetworkManager versions of the handler and of the host (they can differ: the handler's
 * nmstate talks to the host's NetworkManager over D-Bus).
 */
export function NodeHandlerInfo({ nns, now }: { nns: K8sResource; now: number }) {
  const { t } = usePluginTranslation();
  const info = getNodeStateHandlerInfo(nns);
  const row = (label: string, value: string | undefined, testId: string) => (
    <DescriptionListGroup>
      <DescriptionListTerm>{label}</DescriptionListTerm>
      <DescriptionListDescription data-test={testId}>{value ?? '-'}</DescriptionListDescription>
    </DescriptionListGroup>
  );
  return (
    <DescriptionList isCompact columnModifier={{ default: '2Col' }} data-test="nns-handler">
      {row(
        t('Last successful update'),
        info.lastSuccessfulUpdateTime &&
          t('{{age}} ago ({{time}})', {
            age: formatAge(info.lastSuccessfulUpdateTime, now),
            time: info.lastSuccessfulUpdateTime,
          }),
        'nns-last-update',
      )}
      {row(t('Handler nmstate'), info.nmstateVersion, 'nns-nmstate-version')}
      {row(
        t('Handler NetworkManager'),
        info.handlerNetworkManagerVersion,
        'nns-handler-nm-version',
      )}
      {row(t('Host NetworkManager'), info.hostNetworkManagerVersion, 'nns-host-nm-version')}
    </DescriptionList>
  );
}
