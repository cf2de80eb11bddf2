import { useMemo } from 'react';
import type { Action } from '@openshift-console/dynamic-plugin-sdk';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { PolicyModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import {
  getPolicyCloneUrl,
  getPolicyEditUrl,
  getPolicyHistoryUrl,
  getPolicyUrl,
} from '../components/urls';

/**
 * Entries for policies in menus the console builds (its resource kebabs merge the
 * `console.action/resource-provider` hooks of every plugin: openshift/console release-4.22,
 * frontend/packages/console-shared/src/components/actions/loader/ActionsLoader.tsx), gated by
 * the user's permissions. Each entry opens a Switchboard page and says so, so it never reads as
 * a second "Edit" or "Delete" next to another plugin's; Delete stays on our pages, whose dialog
 * explains that deleting does not revert.
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
        id: 'switchboard-open-policy',
        label: t('Open in Switchboard'),
        cta: { href: getPolicyUrl(name) },
      },
      {
        id: 'switchboard-edit-policy-form',
        label: t('Edit in Switchboard'),
        cta: { href: getPolicyEditUrl(name) },
        accessReview: review('update'),
      },
      {
        id: 'switchboard-edit-policy-yaml',
        label: t('Edit YAML in Switchboard'),
        cta: { href: getPolicyEditUrl(name, 'yaml') },
        accessReview: review('update'),
      },
      {
        id: 'switchboard-clone-policy',
        label: t('Clone in Switchboard'),
        cta: { href: getPolicyCloneUrl(name) },
        accessReview: review('create'),
      },
      {
        id: 'switchboard-rollback-policy',
        label: t('Roll back in Switchboard'),
        cta: { href: getPolicyHistoryUrl(name) },
        accessReview: review('update'),
      },
    ];
  }, [name, t]);
  return [actions, true, undefined];
}
