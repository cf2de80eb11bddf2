// The fields of the interface kinds beyond bonds, VLANs, bridges and MAC-VLANs: vxlan, ipvlan,
// vrf, infiniband, veth, mac-vtap, and an OVS interface's patch peer and DPDK settings. Each
// kind is a list of field specs (model/interfaceKinds.ts holds the values, validated by
// logic/validateInterfaceKinds.ts); the findings a field shows are those at its nmstate path.
import {
  Checkbox,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  TextInput,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../../shared/i18n/usePluginTranslation';
import type { Finding } from '../../model/finding';
import type { InterfaceFormValues } from '../../model/policyForm';
import {
  INFINIBAND_MODES,
  IPVLAN_MODES,
  MAC_VTAP_MODES,
  type DpdkSettings,
} from '../../model/interfaceKinds';
import {
  FieldFindings,
  fieldStatus,
  formatList,
  NumberField,
  ParsedTextInput,
  parseList,
} from './inputs';
import { InterfaceNameInput, type CandidateSource } from './InterfacePicker';
import { TriSelect } from './SettingsFields';

type Spec<S> =
  | { key: keyof S & string; path: string; label: string; kind: 'text'; required?: boolean }
  | { key: keyof S & string; path: string; label: string; kind: 'base'; required?: boolean }
  | { key: keyof S & string; path: string; label: string; kind: 'number'; required?: boolean }
  | { key: keyof S & string; path: string; label: string; kind: 'list' }
  | { key: keyof S & string; path: string; label: string; kind: 'bool' }
  | {
      key: keyof S & string;
      path: string;
      label: string;
      kind: 'select';
      options: readonly string[];
      required?: boolean;
    };

function KindSection<S extends object>({
  prefix,
  section,
  specs,
  value,
  onChange,
  findingsFor,
  source,
}: {
  prefix: string;
  section: string;
  specs: Spec<S>[];
  value: S;
  onChange: (v: S) => void;
  findingsFor: (prefix?: string) => Finding[];
  source: CandidateSource;
}) {
  const { t } = usePluginTranslation();
  const record = value as Record<string, unknown>;
  return (
    <Grid hasGutter md={4} className="pf-v6-u-mt-md" data-test={`${prefix}-${section}`}>
      {specs.map((s) => {
        const id = `${prefix}-${section}-${s.key}`;
        const findings = findingsFor(s.path);
        const set = (v: unknown) => onChange({ ...value, [s.key]: v });
        const current = record[s.key];
        let input;
        switch (s.kind) {
          case 'text':
            input = (
              <TextInput
                id={id}
                data-test={id}
                aria-label={s.label}
                value={typeof current === 'string' ? current : ''}
                validated={fieldStatus(findings)}
                onChange={(_e, v) => set(v)}
              />
            );
            break;
          case 'base':
            input = (
              <InterfaceNameInput
                source={source}
                id={id}
                testId={id}
                field={{ kind: 'vlanBase' }}
                ariaLabel={s.label}
                value={typeof current === 'string' ? current : ''}
                status={fieldStatus(findings)}
                onChange={set}
              />
            );
            break;
          case 'number':
            input = (
              <NumberField
                id={id}
                testId={id}
                ariaLabel={s.label}
                value={typeof current === 'number' ? current : null}
                validated={fieldStatus(findings)}
                onChange={set}
              />
            );
            break;
          case 'list':
            input = (
              <ParsedTextInput
                id={id}
                testId={id}
                ariaLabel={s.label}
                value={Array.isArray(current) ? (current as string[]) : []}
                format={formatList}
                parse={parseList}
                onChange={set}
              />
            );
            break;
          case 'bool':
            input = (
              <TriSelect
                id={id}
                label={s.label}
                value={typeof current === 'boolean' ? current : null}
                onChange={set}
              />
            );
            break;
          case 'select':
            input = (
              <FormSelect
                id={id}
                data-test={id}
                aria-label={s.label}
                value={typeof current === 'string' ? current : ''}
                validated={fieldStatus(findings)}
                onChange={(_e, v) => set(v)}
              >
                <FormSelectOption value="" label={t('Select a mode')} isDisabled />
                {s.options.map((o) => (
                  <FormSelectOption key={o} value={o} label={o} />
                ))}
              </FormSelect>
            );
            break;
        }
        return (
          <GridItem key={s.key}>
            <FormGroup
              label={s.label}
              isRequired={'required' in s && s.required === true}
              fieldId={id}
            >
              {input}
              <FieldFindings findings={findings} />
            </FormGroup>
          </GridItem>
        );
      })}
    </Grid>
  );
}

const NO_DPDK: DpdkSettings = { devargs: '', rxQueue: null, nRxqDesc: null, nTxqDesc: null };

/** The kind-specific fields of one interface card, or nothing for the kinds the card draws. */
export function InterfaceKindFields({
  prefix: p,
  value,
  onChange,
  findingsFor,
  source,
}: {
  prefix: string;
  value: InterfaceFormValues;
  onChange: (v: InterfaceFormValues) => void;
  findingsFor: (prefix?: string) => Finding[];
  source: CandidateSource;
}) {
  const { t } = usePluginTranslation();
  const common = { prefix: p, findingsFor, source };
  switch (value.type) {
    case 'vxlan':
      return (
        <KindSection
          {...common}
          section="vxlan"
          value={value.vxlan}
          onChange={(vxlan) => onChange({ ...value, vxlan })}
          specs={[
            { key: 'id', path: 'vxlan.id', label: t('VXLAN ID'), kind: 'number', required: true },
            {
              key: 'baseIface',
              path: 'vxlan.base-iface',
              label: t('Base interface'),
              kind: 'base',
            },
            { key: 'remote', path: 'vxlan.remote', label: t('Remote address'), kind: 'text' },
            { key: 'local', path: 'vxlan.local', label: t('Local address'), kind: 'text' },
            {
              key: 'destinationPort',
              path: 'vxlan.destination-port',
              label: t('Destination UDP port'),
              kind: 'number',
            },
            { key: 'learning', path: 'vxlan.learning', label: t('Learning'), kind: 'bool' },
          ]}
        />
      );
    case 'ipvlan':
      return (
        <KindSection
          {...common}
          section="ipvlan"
          value={value.ipvlan}
          onChange={(ipvlan) => onChange({ ...value, ipvlan })}
          specs={[
            {
              key: 'baseIface',
              path: 'ipvlan.base-iface',
              label: t('Base interface'),
              kind: 'base',
              required: true,
            },
            {
              key: 'mode',
              path: 'ipvlan.mode',
              label: t('Mode'),
              kind: 'select',
              options: IPVLAN_MODES,
            },
            { key: 'private', path: 'ipvlan.private', label: t('Private'), kind: 'bool' },
            { key: 'vepa', path: 'ipvlan.vepa', label: t('VEPA'), kind: 'bool' },
          ]}
        />
      );
    case 'vrf':
      return (
        <KindSection
          {...common}
          section="vrf"
          value={value.vrf}
          onChange={(vrf) => onChange({ ...value, vrf })}
          specs={[
            { key: 'ports', path: 'vrf.port', label: t('Ports'), kind: 'list' },
            {
              key: 'routeTableId',
              path: 'vrf.route-table-id',
              label: t('Route table ID'),
              kind: 'number',
              required: true,
            },
          ]}
        />
      );
    case 'infiniband':
      return (
        <KindSection
          {...common}
          section="infiniband"
          value={value.infiniband}
          onChange={(infiniband) => onChange({ ...value, infiniband })}
          specs={[
            {
              key: 'pkey',
              path: 'infiniband.pkey',
              label: t('Partition key'),
              kind: 'text',
              required: true,
            },
            {
              key: 'baseIface',
              path: 'infiniband.base-iface',
              label: t('Base interface'),
              kind: 'base',
            },
            {
              key: 'mode',
              path: 'infiniband.mode',
              label: t('Mode'),
              kind: 'select',
              options: INFINIBAND_MODES,
              required: true,
            },
          ]}
        />
      );
    case 'veth':
      return (
        <KindSection
          {...common}
          section="veth"
          value={value.veth}
          onChange={(veth) => onChange({ ...value, veth })}
          specs={[{ key: 'peer', path: 'veth.peer', label: t('Peer'), kind: 'text' }]}
        />
      );
    case 'mac-vtap':
      return (
        <KindSection
          {...common}
          section="macvtap"
          value={value.macVtap}
          onChange={(macVtap) => onChange({ ...value, macVtap })}
          specs={[
            {
              key: 'baseIface',
              path: 'mac-vtap.base-iface',
              label: t('Base interface'),
              kind: 'base',
              required: true,
            },
            {
              key: 'mode',
              path: 'mac-vtap.mode',
              label: t('Mode'),
              kind: 'select',
              options: MAC_VTAP_MODES,
              required: true,
            },
            {
              key: 'promiscuous',
              path: 'mac-vtap.promiscuous',
              label: t('Promiscuous'),
              kind: 'bool',
            },
          ]}
        />
      );
    case 'ovs-interface': {
      const ovs = value.ovs;
      return (
        <div className="pf-v6-u-mt-md">
          <Checkbox
            id={`${p}-ovs-patch`}
            data-test={`${p}-ovs-patch`}
            label={t('Patch port (connects two OVS bridges)')}
            isChecked={ovs.patchPeer !== null}
            onChange={(_e, on) =>
              onChange({ ...value, ovs: { ...ovs, patchPeer: on ? '' : null } })
            }
          />
          {ovs.patchPeer !== null && (
            <KindSection
              {...common}
              section="patch"
              value={{ peer: ovs.patchPeer }}
              onChange={({ peer }) => onChange({ ...value, ovs: { ...ovs, patchPeer: peer } })}
              specs={[
                {
                  key: 'peer',
                  path: 'patch.peer',
                  label: t('Peer patch port'),
                  kind: 'text',
                  required: true,
                },
              ]}
            />
          )}
          <Checkbox
            id={`${p}-ovs-dpdk`}
            data-test={`${p}-ovs-dpdk`}
            className="pf-v6-u-mt-sm"
            label={t('DPDK')}
            isChecked={ovs.dpdk !== null}
            onChange={(_e, on) =>
              onChange({ ...value, ovs: { ...ovs, dpdk: on ? NO_DPDK : null } })
            }
          />
          {ovs.dpdk !== null && (
            <KindSection
              {...common}
              section="dpdk"
              value={ovs.dpdk}
              onChange={(dpdk) => onChange({ ...value, ovs: { ...ovs, dpdk } })}
              specs={[
                {
                  key: 'devargs',
                  path: 'dpdk.devargs',
                  label: t('Device arguments (PCI address)'),
                  kind: 'text',
                  required: true,
                },
                { key: 'rxQueue', path: 'dpdk.rx-queue', label: t('RX queues'), kind: 'number' },
                {
                  key: 'nRxqDesc',
                  path: 'dpdk.n_rxq_desc',
                  label: t('RX queue descriptors'),
                  kind: 'number',
                },
                {
                  key: 'nTxqDesc',
                  path: 'dpdk.n_txq_desc',
                  label: t('TX queue descriptors'),
                  kind: 'number',
                },
              ]}
            />
          )}
        </div>
      );
    }
    default:
      return null;
  }
}

/** The kind sections whose findings InterfaceKindFields shows at their fields. */
export const KIND_FIELD_PREFIXES = [
  'vxlan',
  'ipvlan',
  'vrf',
  'infiniband',
  'veth',
  'mac-vtap',
  'patch',
  'dpdk',
];
