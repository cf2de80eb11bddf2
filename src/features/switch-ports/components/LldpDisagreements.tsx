import { HelperText, HelperTextItem } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { HostPortRow } from '../logic/hostPorts';
import { checkLldpAgainstApplied } from '../logic/lldpVsApplied';
import type { LldpDisagreement } from '../logic/lldpVsApplied';
import type { PortPhase } from '../model/types';
import type { TFunction } from './messages';

// Short, because they sit in a narrow table cell; the reasons are in the component doc and README.
function text(t: TFunction, d: LldpDisagreement): string {
  switch (d.code) {
    case 'lldp.vlanNotApplied':
      return t(
        'The switch announces VLAN {{vlans}}, which the applied config does not carry.',
        d.params,
      );
    case 'lldp.appliedVlanNotSeen':
      return t('Applied VLAN {{vlans}} is not announced.', d.params);
  }
}

/**
 * Where the VLANs LLDP observes on a NIC disagree with its applied switch-port config: a VLAN the
 * switch carries beyond the config means the port was changed outside Ironic or another network
 * reaches the NIC; a configured VLAN not announced may just be a switch listing only some.
 */
export function LldpDisagreements({ row, phase }: { row: HostPortRow; phase: PortPhase }) {
  const { t } = usePluginTranslation();
  const found = checkLldpAgainstApplied(row, phase);
  if (found.length === 0) return null;
  return (
    <HelperText data-test="nic-lldp-disagreement">
      {found.map((d) => (
        <HelperTextItem
          key={d.code}
          variant={d.severity === 'warning' ? 'warning' : 'indeterminate'}
          data-code={d.code}
        >
          {text(t, d)}
        </HelperTextItem>
      ))}
    </HelperText>
  );
}
