import { useMemo } from 'react';
import type { Action } from '@openshift-console/dynamic-plugin-sdk';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';

/** Row and details-page actions for network attachment definitions. */
export default function useNadActions(
  nad: NetworkAttachmentDefinition | undefined,
): [Action[], boolean, unknown] {
  const { t } = usePluginTranslation();
  const name = nad?.metadata.name ?? '';
  const namespace = nad?.metadata.namespace ?? '';
  const actions = useMemo<Action[]>(
    () =>
      name
        ? [
            {
              id: 'switchboard-edit-nad-form',
              label: t('Edit in form'),
              cta: {
                href: `/switchboard/ns/${encodeURIComponent(namespace)}/attachments/${encodeURIComponent(name)}/edit`,
              },
              accessReview: {
                group: NadModel.apiGroup,
                resource: NadModel.plural,
                verb: 'update',
                name,
                namespace,
              },
            },
          ]
        : [],
    [name, namespace, t],
  );
  return [actions, true, undefined];
}
