import { useCallback } from 'react';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { InverseNote, InverseNoteCode } from '../logic/inverse';

/** The sentence for each revert note, shared by the revert panel and the leaving-nodes offer. */
export const useInverseNoteText = (): ((n: InverseNote) => string) => {
  const { t } = usePluginTranslation();
  return useCallback(
    (n: InverseNote): string => {
      const p = { ...n.params, element: n.element, nodes: n.nodes.join(', ') };
      const texts: Record<InverseNoteCode, string> = {
        'inverse.interfaceUnknown': t(
          'Not reverted: {{element}}. No state from before the policy says whether it existed or how it was set (nodes: {{nodes}}).',
          p,
        ),
        'inverse.hasDependents': t(
          'Not removed: {{element}}. {{dependents}} is built on it now (nodes: {{nodes}}).',
          p,
        ),
        'inverse.physical': t('Not removed: {{element}} is a physical NIC (nodes: {{nodes}}).', p),
        'inverse.dnsUnknown': t(
          'DNS not reverted: its configuration from before the policy is not known (nodes: {{nodes}}).',
          p,
        ),
        'inverse.routesUnknown': t(
          'Route {{element}} not reverted: the routes from before the policy are not known (nodes: {{nodes}}).',
          p,
        ),
        'inverse.rulesUnknown': t(
          'Route rule {{element}} not reverted: the rules from before the policy are not known (nodes: {{nodes}}).',
          p,
        ),
        'inverse.desiredUnknown': t(
          'Nothing reverted on {{nodes}}: the policy uses captures and the node reports no resolved desired state.',
          p,
        ),
        'inverse.perNodeDifference': t(
          'Not reverted: {{element}}. Nodes need different values, and one policy carries one state (differs on: {{nodes}}).',
          p,
        ),
        'inverse.assumedCreated': t(
          'Assumed created by the policy: {{element}} (nodes: {{nodes}}).',
          p,
        ),
      };
      return texts[n.code];
    },
    [t],
  );
};
