import { useMemo } from 'react';
import type { Action } from '@openshift-console/dynamic-plugin-sdk';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { PolicyModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';

/** Row and details-page actions for policies, gated by the user's permissions. */
export default function usePolicyActions(
  policy: NodeNetworkConfigurationPolicy | undefined,
): [Action[], boolean, unknown] {
  const { t } = usePluginTranslation();
  const name = policy?.metadata.name ?? '';
  const actions = useMemo<Action[]>(
    () =>
      name
        ? [
            {
              id: 'switchboard-edit-policy-form',
              label: t('Edit in form'),
              cta: { href: `/switchboard/policies/${encodeURIComponent(name)}/edit` },
              accessReview: {
                group: PolicyModel.apiGroup,
                resource: PolicyModel.plural,
                verb: 'update',
                name,
              },
            },
          ]
        : [],
    [name, t],
  );
  return [actions, true, undefined];
}
