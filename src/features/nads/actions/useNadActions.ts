import { useMemo } from 'react';
import type { Action } from '@openshift-console/dynamic-plugin-sdk';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { isManagedNad } from '../logic/managed';
import { getEditUrl } from '../components/urls';

/** Row and details-page actions for network attachment definitions. */
export default function useNadActions(
  nad: NetworkAttachmentDefinition | undefined,
): [Action[], boolean, unknown] {
  const { t } = usePluginTranslation();
  const name = nad?.metadata.name ?? '';
  const namespace = nad?.metadata.namespace ?? '';
  const managed = nad ? isManagedNad(nad) : undefined;
  const ownerKind = managed?.owner?.kind;
  const actions = useMemo<Action[]>(() => {
    if (!name) return [];
    const accessReview = {
      group: NadModel.apiGroup,
      resource: NadModel.plural,
      verb: 'update' as const,
      name,
      namespace,
    };
    // Managed NADs are reconciled by their owner: the actions stay visible but explain why
    // they cannot be used.
    const disabledTooltip = ownerKind
      ? t('Managed by {{kind}}; edit the owner instead.', { kind: ownerKind })
      : undefined;
    return [
      {
        id: 'switchboard-edit-nad-form',
        label: t('Edit in form'),
        cta: { href: getEditUrl(namespace, name) },
        accessReview,
        disabled: Boolean(disabledTooltip),
        disabledTooltip,
      },
      {
        id: 'switchboard-edit-nad-json',
        label: t('Edit as JSON'),
        cta: { href: `${getEditUrl(namespace, name)}?view=json` },
        accessReview,
        disabled: Boolean(disabledTooltip),
        disabledTooltip,
      },
    ];
  }, [name, namespace, ownerKind, t]);
  return [actions, true, undefined];
}
