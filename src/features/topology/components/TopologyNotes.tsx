// What the data did not allow us to draw faithfully, and the legend of the graph's marks.
import { ExpandableSection, Label, LabelGroup, List, ListItem } from '@patternfly/react-core';
import { memo, useState } from 'react';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { GraphNote } from '../model/types';

function useNoteText(): (note: GraphNote) => string {
  const { t } = usePluginTranslation();
  return (note) => {
    const p = note.params;
    switch (note.code) {
      case 'nns.missingName':
        return t('A NodeNetworkState without a name was skipped.');
      case 'nns.emptyState':
        return t('{{node}} reports no current network state.', p);
      case 'nns.invalidInterfaces':
        return t('{{node}} reports interfaces in an unexpected form; none could be drawn.', p);
      case 'iface.invalid':
        return t('{{node}}: interface #{{index}} is not an object and was skipped.', p);
      case 'iface.missingName':
        return t('{{node}}: interface #{{index}} has no name and was skipped.', p);
      case 'iface.missingType':
        return t('{{node}}: {{name}} has no type; drawn as unknown.', p);
      case 'iface.unknownType':
        return t('{{node}}: {{name}} has the unknown type "{{type}}"; drawn as unknown.', p);
      case 'iface.duplicate':
        return t('{{node}}: {{name}} ({{type}}) is reported twice; the first one is drawn.', p);
      case 'edge.danglingReference':
        return t(
          '{{node}}: {{name}} refers to {{reference}} ({{field}}), which the node does not report.',
          p,
        );
      case 'node.noNetworkState':
        return t(
          '{{node}} has no NodeNetworkState yet (is the nmstate handler running there?).',
          p,
        );
    }
  };
}

export function TopologyNotes({ notes }: { notes: readonly GraphNote[] }) {
  const { t } = usePluginTranslation();
  const text = useNoteText();
  const [open, setOpen] = useState(false);
  if (notes.length === 0) return null;
  return (
    <ExpandableSection
      toggleText={t('{{count}} notes about the reported data', { count: notes.length })}
      isExpanded={open}
      onToggle={(_e, v) => setOpen(v)}
      data-test="topology-notes"
    >
      <List>
        {notes.map((n, i) => (
          <ListItem key={i} data-test={`note-${n.code}`}>
            {text(n)}
          </ListItem>
        ))}
      </List>
    </ExpandableSection>
  );
}

export const TopologyLegend = memo(function TopologyLegend({
  highlightPolicy,
}: {
  highlightPolicy?: string;
}) {
  const { t } = usePluginTranslation();
  return (
    <LabelGroup numLabels={10} categoryName={t('Legend')} data-test="topology-legend">
      <Label color="red" data-test="legend-failing">
        {t('Failing or aborted policy')}
      </Label>
      <Label color="orange">{t('Link down')}</Label>
      <Label color="orange" data-test="legend-vlan-mismatch">
        {t('Switch port missing a VLAN')}
      </Label>
      <Label color="blue">{t('Managed by a policy')}</Label>
      {highlightPolicy && (
        <Label color="yellow" data-test="legend-highlight">
          {t('Highlighted: {{policy}}', { policy: highlightPolicy })}
        </Label>
      )}
      <Label variant="outline">{t('Rectangle: NIC')}</Label>
      <Label variant="outline">{t('Octagon: bond')}</Label>
      <Label variant="outline">{t('Hexagon: bridge')}</Label>
      <Label variant="outline">{t('Ellipse: VLAN, VXLAN, MACVLAN')}</Label>
      <Label variant="outline">{t('Trapezoid: switch port (LLDP)')}</Label>
    </LabelGroup>
  );
});
