import { useMemo } from 'react';
import type { Action } from '@openshift-console/dynamic-plugin-sdk';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { NadModel } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { isManagedNad } from '../logic/managed';
import { getEditUrl, getNadUrl } from '../components/urls';

/**
 * Entries for NADs in menus the console builds. The console merges every plugin's provider
 * into one kebab (openshift/console release-4.22, console-shared/src/components/actions/
 * loader/ActionsLoader.tsx); networking-console-plugin already brings Edit labels, Edit
 * annotations, Edit (YAML) and Delete (src/views/nads/actions/hooks/useNADsActions.tsx), so
 * ours only open Switchboard's pages and are named so, never a second Edit or Delete.
 */
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
        id: 'switchboard-open-nad',
        label: t('Open in Switchboard'),
        cta: { href: getNadUrl(namespace, name) },
      },
      {
        id: 'switchboard-edit-nad-form',
        label: t('Edit in Switchboard'),
        cta: { href: getEditUrl(namespace, name) },
        accessReview,
        disabled: Boolean(disabledTooltip),
        disabledTooltip,
      },
      {
        id: 'switchboard-edit-nad-json',
        label: t('Edit JSON in Switchboard'),
        cta: { href: `${getEditUrl(namespace, name)}?view=json` },
        accessReview,
        disabled: Boolean(disabledTooltip),
        disabledTooltip,
      },
    ];
  }, [name, namespace, ownerKind, t]);
  return [actions, true, undefined];
}
