import { useMemo } from 'react';
import { Link } from 'react-router';
import { Alert, List, ListItem } from '@patternfly/react-core';
import { useConsoleFlag } from '../../../shared/useConsoleFlag';
import { FLAGS } from '../../../shared/flags';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { useSwitchPortsData } from '../data/useSwitchPortsData';
import type { VlanCheckDraft } from '../data/useSwitchPortsData';
import { mismatchText } from './messages';

interface VlanMismatchAlertsProps {
  consumer: { kind: 'nad' | 'policy'; name: string; namespace?: string };
  /** The unsaved object, so the warning follows the user's edits. */
  draft?: VlanCheckDraft;
}

function Alerts({ consumer, draft }: VlanMismatchAlertsProps) {
  const { t } = usePluginTranslation();
  const switchesInstalled = useConsoleFlag(FLAGS.metal3Switches);
  const { mismatches } = useSwitchPortsData(switchesInstalled, draft);
  const mine = useMemo(
    () =>
      mismatches.filter(
        (m) =>
          m.consumer?.kind === consumer.kind &&
          m.consumer.name === consumer.name &&
          (consumer.kind === 'policy' || m.consumer.namespace === consumer.namespace),
      ),
    [mismatches, consumer.kind, consumer.name, consumer.namespace],
  );
  if (mine.length === 0) return null;
  return (
    <Alert
      variant="warning"
      isInline
      title={t('The switch ports do not carry every VLAN this network needs')}
      data-test="vlan-mismatch-alert"
      actionLinks={<Link to="/switchboard/switch-ports?tab=check">{t('Open the VLAN check')}</Link>}
    >
      <List>
        {mine.map((m, i) => (
          <ListItem key={i} data-test="vlan-mismatch-item">
            {mismatchText(t, m)}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

/**
 * Cross-layer VLAN warnings for one NAD or policy, shown in its editor and details. Only on
 * bare-metal clusters (the Metal3 CRDs exist); elsewhere there are no switch ports to check.
 */
export function VlanMismatchAlerts(props: VlanMismatchAlertsProps) {
  const hasMetal3 = useConsoleFlag(FLAGS.metal3);
  if (hasMetal3 !== true || !props.consumer.name) return null;
  return <Alerts {...props} />;
}
