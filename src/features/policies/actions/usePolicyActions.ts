import { useMemo } from 'react';
import type { Action } from '@openshift-console/dynamic-plugin-sdk';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { PolicyModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { getPolicyCloneUrl, getPolicyEditUrl, getPolicyHistoryUrl } from '../components/urls';

/**
 * Row and details-page actions for policies in the console's own menus, gated by the user's
 * permissions. Delete stays on our pages, whose dialog explains that deleting does not revert.
 */
export default function usePolicyActions(
  policy: NodeNetworkConfigurationPolicy | undefined,
): [Action[], boolean, unknown] {
  const { t } = usePluginTranslation();
  const name = policy?.metadata.name ?? '';
  const actions = useMemo<Action[]>(() => {
    if (!name) return [];
    const review = (verb: 'update' | 'create') => ({
      group: PolicyModel.apiGroup,
      resource: PolicyModel.plural,
      verb,
      ...(verb === 'update' ? { name } : {}),
    });
    return [
      {
        id: 'switchboard-edit-policy-form',
        label: t('Edit in form'),
        cta: { href: getPolicyEditUrl(name) },
        accessReview: review('update'),
      },
      {
        id: 'switchboard-edit-policy-yaml',
        label: t('Edit YAML'),
        cta: { href: getPolicyEditUrl(name, 'yaml') },
        accessReview: review('update'),
      },
      {
        id: 'switchboard-clone-policy',
        label: t('Clone'),
        cta: { href: getPolicyCloneUrl(name) },
        accessReview: review('create'),
      },
      {
        id: 'switchboard-rollback-policy',
        label: t('Roll back'),
        cta: { href: getPolicyHistoryUrl(name) },
        accessReview: review('update'),
      },
    ];
  }, [name, t]);
  return [actions, true, undefined];
}
