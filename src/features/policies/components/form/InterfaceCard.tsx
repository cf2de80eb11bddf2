import { useRef } from 'react';
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  Checkbox,
  Flex,
  FlexItem,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  HelperText,
  HelperTextItem,
  TextInput,
  Title,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import { usePluginTranslation } from '../../../../shared/i18n/usePluginTranslation';
import type { Finding } from '../../model/finding';
import type {
  BridgePortFormValues,
  FormInterfaceState,
  FormInterfaceType,
  InterfaceFormValues,
  IpFormValues,
  OvsBridgePortFormValues,
  PortVlanFormValues,
  TrunkTagFormValues,
} from '../../model/policyForm';
import { FORM_INTERFACE_STATES, FORM_INTERFACE_TYPES } from '../../model/policyForm';
import { splitCidrAddress, withInterfaceType, withPortVlanMode } from '../../logic/policyForm';
import { BOND_MODES, MAC_VLAN_MODES } from '../../logic/validatePolicy';
import { OVS_BOND_MODES } from '../../model/interfaceKinds';
import {
  FieldFindings,
  fieldStatus,
  formatList,
  NumberField,
  ParsedTextInput,
  parseList,
  useUntilTouched,
} from './inputs';
import type { CandidateSource } from './InterfacePicker';
import { InterfaceListAdder, InterfaceNameInput } from './InterfacePicker';
import { InterfaceSettingsFields, IpAutoFields } from './SettingsFields';
import { InterfaceKindFields, KIND_FIELD_PREFIXES } from './InterfaceKindFields';

const parseTrunk = (text: string): TrunkTagFormValues[] =>
  parseList(text).flatMap((part): TrunkTagFormValues[] => {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) return [{ kind: 'range', min: Number(range[1]), max: Number(range[2]) }];
    return /^\d+$/.test(part) ? [{ kind: 'id', id: Number(part) }] : [];
  });
const formatTrunk = (tags: TrunkTagFormValues[]): string =>
  tags.map((tg) => (tg.kind === 'id' ? String(tg.id) : `${tg.min}-${tg.max}`)).join(', ');

interface IpSectionProps {
  family: 4 | 6;
  value: IpFormValues;
  onChange: (v: IpFormValues) => void;
  findings: Finding[];
  prefix: string;
}

function IpSection({ family, value, onChange, findings, prefix }: IpSectionProps) {
  const { t } = usePluginTranslation();
  const id = `${prefix}-ipv${family}`;
  const enabledValue = value.enabled === null ? 'unset' : value.enabled ? 'on' : 'off';
  return (
    <FormGroup label={family === 4 ? t('IPv4') : t('IPv6')} fieldId={`${id}-enabled`}>
      <FormSelect
        id={`${id}-enabled`}
        data-test={`${id}-enabled`}
        aria-label={family === 4 ? t('IPv4') : t('IPv6')}
        value={enabledValue}
        onChange={(_e, v) => onChange({ ...value, enabled: v === 'unset' ? null : v === 'on' })}
      >
        <FormSelectOption value="unset" label={t('Leave as it is on the node')} />
        <FormSelectOption value="off" label={t('Disabled')} />
        <FormSelectOption value="on" label={t('Enabled')} />
      </FormSelect>
      {value.enabled === true && (
        <>
          <Flex className="pf-v6-u-mt-sm">
            <Checkbox
              id={`${id}-dhcp`}
              data-test={`${id}-dhcp`}
              label={family === 4 ? t('DHCP') : t('DHCPv6')}
              isChecked={value.dhcp}
              onChange={(_e, v) => onChange({ ...value, dhcp: v })}
            />
            {family === 6 && (
              <Checkbox
                id={`${id}-autoconf`}
                data-test={`${id}-autoconf`}
                label={t('Autoconf (router advertisements)')}
                isChecked={value.autoconf}
                onChange={(_e, v) => onChange({ ...value, autoconf: v })}
              />
            )}
          </Flex>
          <IpAutoFields family={family} value={value} onChange={onChange} id={id} />
          {value.addresses.map((a, i) => (
            <Flex key={i} className="pf-v6-u-mt-sm" flexWrap={{ default: 'nowrap' }}>
              <FlexItem grow={{ default: 'grow' }}>
                <TextInput
                  id={`${id}-address-${i}`}
                  data-test={`${id}-address-${i}`}
                  aria-label={t('Address')}
                  placeholder={family === 4 ? '192.0.2.10' : '2001:db8::10'}
                  value={a.ip}
                  onChange={(_e, v) =>
                    onChange({
                      ...value,
                      addresses: value.addresses.map((x, j) => (j === i ? { ...x, ip: v } : x)),
                    })
                  }
                  onBlur={() => {
                    const split = splitCidrAddress({ ...a, prefixLength: null });
                    if (split.prefixLength !== null)
                      onChange({
                        ...value,
                        addresses: value.addresses.map((x, j) => (j === i ? split : x)),
                      });
                  }}
                />
              </FlexItem>
              <FlexItem>
                <NumberField
                  id={`${id}-prefix-${i}`}
                  testId={`${id}-prefix-${i}`}
                  ariaLabel={t('Prefix length')}
                  placeholder={family === 4 ? '24' : '64'}
                  value={a.prefixLength}
                  onChange={(v) =>
                    onChange({
                      ...value,
                      addresses: value.addresses.map((x, j) =>
                        j === i ? { ...x, prefixLength: v } : x,
                      ),
                    })
                  }
                />
              </FlexItem>
              <FlexItem>
                <Button
                  variant="plain"
                  aria-label={t('Remove address')}
                  onClick={() =>
                    onChange({ ...value, addresses: value.addresses.filter((_, j) => j !== i) })
                  }
                  icon={<MinusCircleIcon />}
                />
              </FlexItem>
            </Flex>
          ))}
          <Button
            variant="link"
            icon={<PlusCircleIcon />}
            data-test={`${id}-add-address`}
            onClick={() =>
              onChange({
                ...value,
                addresses: [...value.addresses, { ip: '', prefixLength: null }],
              })
            }
          >
            {t('Add static address')}
          </Button>
        </>
      )}
      <FieldFindings findings={findings} />
    </FormGroup>
  );
}

function PortVlanFields({
  value,
  onChange,
  prefix,
}: {
  value: PortVlanFormValues | null;
  onChange: (v: PortVlanFormValues | null) => void;
  prefix: string;
}) {
  const { t } = usePluginTranslation();
  return (
    <Flex flexWrap={{ default: 'nowrap' }}>
      <FlexItem>
        <FormSelect
          id={`${prefix}-vlan-mode`}
          data-test={`${prefix}-vlan-mode`}
          aria-label={t('VLAN mode')}
          value={value?.mode ?? 'none'}
          onChange={(_e, v) =>
            onChange(withPortVlanMode(value, v === 'trunk' || v === 'access' ? v : 'none'))
          }
        >
          <FormSelectOption value="none" label={t('No VLAN filtering')} />
          <FormSelectOption value="access" label={t('Access')} />
          <FormSelectOption value="trunk" label={t('Trunk')} />
        </FormSelect>
      </FlexItem>
      {value && (
        <FlexItem>
          <NumberField
            id={`${prefix}-vlan-tag`}
            testId={`${prefix}-vlan-tag`}
            ariaLabel={value.mode === 'access' ? t('Access VLAN') : t('Native VLAN')}
            placeholder={value.mode === 'access' ? t('Access VLAN') : t('Native VLAN')}
            value={value.tag}
            onChange={(tag) => onChange({ ...value, tag })}
          />
        </FlexItem>
      )}
      {value?.mode === 'trunk' && (
        <>
          <FlexItem grow={{ default: 'grow' }}>
            <ParsedTextInput
              id={`${prefix}-vlan-trunk`}
              testId={`${prefix}-vlan-trunk`}
              ariaLabel={t('Trunk VLANs')}
              placeholder={t('e.g. 100, 200-210')}
              value={value.trunkTags}
              format={formatTrunk}
              parse={parseTrunk}
              onChange={(trunkTags) => onChange({ ...value, trunkTags })}
            />
          </FlexItem>
          <FlexItem>
            <Checkbox
              id={`${prefix}-vlan-native`}
              label={t('Native VLAN')}
              isChecked={value.enableNative === true}
              onChange={(_e, v) => onChange({ ...value, enableNative: v ? true : null })}
            />
          </FlexItem>
        </>
      )}
    </Flex>
  );
}

function BridgePorts<P extends BridgePortFormValues | OvsBridgePortFormValues>({
  ports,
  onChange,
  prefix,
  create,
  ovs,
  owner,
  source,
}: {
  ports: P[];
  onChange: (p: P[]) => void;
  prefix: string;
  create: () => P;
  ovs: boolean;
  /** The bridge's name: its own ports stay candidates. */
  owner: string;
  source: CandidateSource;
}) {
  const { t } = usePluginTranslation();
  const set = (i: number, p: P) => onChange(ports.map((x, j) => (j === i ? p : x)));
  return (
    <>
      {ports.map((port, i) => {
        const bond = ovs ? (port as OvsBridgePortFormValues).bond : null;
        return (
          <div key={i} className="pf-v6-u-mb-sm" data-test={`${prefix}-port-${i}`}>
            <Flex flexWrap={{ default: 'nowrap' }}>
              <FlexItem>
                <InterfaceNameInput
                  source={source}
                  id={`${prefix}-port-${i}-name`}
                  testId={`${prefix}-port-${i}-name`}
                  field={{ kind: ovs ? 'ovsPort' : 'bridgePort', owner }}
                  ariaLabel={t('Port name')}
                  placeholder={t('Port name')}
                  value={port.name}
                  onChange={(name) => set(i, { ...port, name })}
                />
              </FlexItem>
              <FlexItem>
                <PortVlanFields
                  value={port.vlan}
                  prefix={`${prefix}-port-${i}`}
                  onChange={(vlan) => set(i, { ...port, vlan })}
                />
              </FlexItem>
              {ovs && (
                <FlexItem>
                  <Checkbox
                    id={`${prefix}-port-${i}-bond`}
                    data-test={`${prefix}-port-${i}-bond`}
                    label={t('OVS bond')}
                    isChecked={bond !== null}
                    onChange={(_e, v) =>
                      set(i, {
                        ...port,
                        bond: v ? { mode: 'active-backup', ports: [] } : null,
                      })
                    }
                  />
                </FlexItem>
              )}
              <FlexItem>
                <Button
                  variant="plain"
                  aria-label={t('Remove port')}
                  icon={<MinusCircleIcon />}
                  onClick={() => onChange(ports.filter((_, j) => j !== i))}
                />
              </FlexItem>
            </Flex>
            {bond && (
              <Flex className="pf-v6-u-mt-xs pf-v6-u-ml-lg" flexWrap={{ default: 'nowrap' }}>
                <FlexItem>
                  <FormSelect
                    id={`${prefix}-port-${i}-bond-mode`}
                    data-test={`${prefix}-port-${i}-bond-mode`}
                    aria-label={t('OVS bond mode')}
                    value={bond.mode}
                    onChange={(_e, v) => set(i, { ...port, bond: { ...bond, mode: v } })}
                  >
                    {OVS_BOND_MODES.map((m) => (
                      <FormSelectOption key={m} value={m} label={m} />
                    ))}
                  </FormSelect>
                </FlexItem>
                <FlexItem grow={{ default: 'grow' }}>
                  <ParsedTextInput
                    id={`${prefix}-port-${i}-bond-ports`}
                    testId={`${prefix}-port-${i}-bond-ports`}
                    ariaLabel={t('OVS bond members')}
                    placeholder={t('Members, e.g. ens6, ens7')}
                    value={bond.ports}
                    format={formatList}
                    parse={parseList}
                    onChange={(members) => set(i, { ...port, bond: { ...bond, ports: members } })}
                  />
                </FlexItem>
                <FlexItem>
                  <InterfaceListAdder
                    source={source}
                    id={`${prefix}-port-${i}-bond-pick`}
                    testId={`${prefix}-port-${i}-bond-pick`}
                    field={{ kind: 'bondPort', owner }}
                    existing={bond.ports}
                    ariaLabel={t('Add an OVS bond member')}
                    placeholder={t('Add a member')}
                    onAdd={(name) =>
                      set(i, { ...port, bond: { ...bond, ports: [...bond.ports, name] } })
                    }
                  />
                </FlexItem>
              </Flex>
            )}
          </div>
        );
      })}
      <Button
        variant="link"
        icon={<PlusCircleIcon />}
        data-test={`${prefix}-add-port`}
        onClick={() => onChange([...ports, create()])}
      >
        {t('Add port')}
      </Button>
    </>
  );
}

/** Which card-level findings a field already shows. */
const FIELD_PREFIXES = [
  ...KIND_FIELD_PREFIXES,
  'name',
  'mtu',
  'vlan',
  'link-aggregation',
  'mac-vlan',
  'ipv4',
  'ipv6',
  'bridge',
  'lldp',
  'ethtool',
  'ethernet',
];

interface InterfaceCardProps {
  index: number;
  value: InterfaceFormValues;
  onChange: (v: InterfaceFormValues) => void;
  onRemove: () => void;
  findingsFor: (prefix?: string) => Finding[];
  /** The matched nodes' interfaces, offered in name and port fields. */
  candidateSource: CandidateSource;
}

export function InterfaceCard({
  index,
  value,
  onChange,
  onRemove,
  findingsFor,
  candidateSource: source,
}: InterfaceCardProps) {
  const { t } = usePluginTranslation();
  const p = `iface-${index}`;
  const nameFindings = useUntilTouched(findingsFor('name'));
  const mtuFindings = findingsFor('mtu');
  const cardFindings = findingsFor().filter(
    (f) => !FIELD_PREFIXES.some((fp) => f.path.includes(`].${fp}`)),
  );
  // What the card held for each type it was switched away from, so switching back restores it.
  const stash = useRef(new Map<FormInterfaceType, InterfaceFormValues>());
  const changeType = (type: FormInterfaceType) => {
    stash.current.set(value.type, value);
    onChange(withInterfaceType(value, type, stash.current.get(type)));
  };
  return (
    <Card isCompact className="sb-policy-card" data-test={`interface-card-${index}`}>
      <CardHeader
        actions={{
          actions: (
            <Button
              variant="plain"
              aria-label={t('Remove interface')}
              data-test={`${p}-remove`}
              icon={<MinusCircleIcon />}
              onClick={onRemove}
            />
          ),
        }}
      >
        <CardTitle>
          {t('{{type}} {{name}}', { type: value.type, name: value.name || t('(unnamed)') })}
        </CardTitle>
      </CardHeader>
      <CardBody>
        <FieldFindings findings={cardFindings} />
        <Grid hasGutter md={3}>
          <GridItem>
            <FormGroup
              label={t('Name')}
              isRequired
              fieldId={`${p}-name`}
              onBlur={nameFindings.touch}
            >
              <InterfaceNameInput
                source={source}
                id={`${p}-name`}
                testId={`${p}-name`}
                field={{ kind: 'name', type: value.type }}
                ariaLabel={t('Name')}
                value={value.name}
                status={fieldStatus(nameFindings.shown)}
                onChange={(name) => {
                  nameFindings.touch();
                  onChange({ ...value, name });
                }}
              />
              <FieldFindings findings={nameFindings.shown} />
            </FormGroup>
          </GridItem>
          <GridItem>
            <FormGroup label={t('Type')} fieldId={`${p}-type`}>
              <FormSelect
                id={`${p}-type`}
                data-test={`${p}-type`}
                value={value.type}
                onChange={(_e, v) => changeType(v as FormInterfaceType)}
              >
                {FORM_INTERFACE_TYPES.map((type) => (
                  <FormSelectOption key={type} value={type} label={type} />
                ))}
              </FormSelect>
              <FormHelperText>
                <HelperText>
                  <HelperTextItem>
                    {t('A new type drops the settings of the old one when saved')}
                  </HelperTextItem>
                </HelperText>
              </FormHelperText>
            </FormGroup>
          </GridItem>
          <GridItem>
            <FormGroup label={t('State')} fieldId={`${p}-state`}>
              <FormSelect
                id={`${p}-state`}
                data-test={`${p}-state`}
                value={value.state}
                onChange={(_e, v) => onChange({ ...value, state: v as FormInterfaceState })}
              >
                {FORM_INTERFACE_STATES.map((s) => (
                  <FormSelectOption key={s} value={s} label={s} />
                ))}
              </FormSelect>
            </FormGroup>
          </GridItem>
          <GridItem>
            <FormGroup label={t('MTU')} fieldId={`${p}-mtu`}>
              <NumberField
                id={`${p}-mtu`}
                testId={`${p}-mtu`}
                ariaLabel={t('MTU')}
                placeholder={t('Unchanged')}
                value={value.mtu}
                validated={fieldStatus(mtuFindings)}
                onChange={(mtu) => onChange({ ...value, mtu })}
              />
              <FieldFindings findings={mtuFindings} />
            </FormGroup>
          </GridItem>
          <GridItem span={12}>
            <FormGroup label={t('Description')} fieldId={`${p}-description`}>
              <TextInput
                id={`${p}-description`}
                data-test={`${p}-description`}
                value={value.description}
                onChange={(_e, v) => onChange({ ...value, description: v })}
              />
            </FormGroup>
          </GridItem>
        </Grid>

        {value.state !== 'absent' && (
          <>
            {value.type === 'bond' && (
              <Grid hasGutter md={4} className="pf-v6-u-mt-md">
                <GridItem>
                  <FormGroup label={t('Bond mode')} isRequired fieldId={`${p}-bond-mode`}>
                    <FormSelect
                      id={`${p}-bond-mode`}
                      data-test={`${p}-bond-mode`}
                      value={value.bond.mode}
                      onChange={(_e, v) => onChange({ ...value, bond: { ...value.bond, mode: v } })}
                    >
                      <FormSelectOption value="" label={t('Select a mode')} isPlaceholder />
                      {BOND_MODES.map((m) => (
                        <FormSelectOption key={m} value={m} label={m} />
                      ))}
                    </FormSelect>
                    <FieldFindings findings={findingsFor('link-aggregation.mode')} />
                  </FormGroup>
                </GridItem>
                <GridItem>
                  <FormGroup label={t('Ports')} isRequired fieldId={`${p}-bond-ports`}>
                    <ParsedTextInput
                      id={`${p}-bond-ports`}
                      testId={`${p}-bond-ports`}
                      ariaLabel={t('Ports')}
                      placeholder={t('e.g. eno2, eno3')}
                      value={value.bond.ports}
                      format={formatList}
                      parse={parseList}
                      validated={fieldStatus(findingsFor('link-aggregation.port'))}
                      onChange={(ports) => onChange({ ...value, bond: { ...value.bond, ports } })}
                    />
                    <div className="pf-v6-u-mt-xs">
                      <InterfaceListAdder
                        source={source}
                        id={`${p}-bond-pick`}
                        testId={`${p}-bond-pick`}
                        field={{ kind: 'bondPort', owner: value.name }}
                        existing={value.bond.ports}
                        ariaLabel={t('Add a port')}
                        placeholder={t('Add a port')}
                        onAdd={(port) =>
                          onChange({
                            ...value,
                            bond: { ...value.bond, ports: [...value.bond.ports, port] },
                          })
                        }
                      />
                    </div>
                    <FieldFindings findings={findingsFor('link-aggregation.port')} />
                  </FormGroup>
                </GridItem>
                <GridItem>
                  <FormGroup label={t('Options')} fieldId={`${p}-bond-options`}>
                    <ParsedTextInput
                      id={`${p}-bond-options`}
                      testId={`${p}-bond-options`}
                      ariaLabel={t('Options')}
                      placeholder={t('e.g. miimon=100')}
                      value={value.bond.options}
                      format={(rows) => rows.map((r) => `${r.key}=${r.value}`).join(', ')}
                      parse={(text) =>
                        parseList(text).map((part) => {
                          const eq = part.indexOf('=');
                          return eq < 0
                            ? { key: part, value: '' }
                            : { key: part.slice(0, eq), value: part.slice(eq + 1) };
                        })
                      }
                      onChange={(options) =>
                        onChange({ ...value, bond: { ...value.bond, options } })
                      }
                    />
                  </FormGroup>
                </GridItem>
              </Grid>
            )}
            {value.type === 'vlan' && (
              <Grid hasGutter md={4} className="pf-v6-u-mt-md">
                <GridItem>
                  <FormGroup label={t('Base interface')} isRequired fieldId={`${p}-vlan-base`}>
                    <InterfaceNameInput
                      source={source}
                      id={`${p}-vlan-base`}
                      testId={`${p}-vlan-base`}
                      field={{ kind: 'vlanBase' }}
                      ariaLabel={t('Base interface')}
                      value={value.vlan.baseIface}
                      status={fieldStatus(findingsFor('vlan.base-iface'))}
                      onChange={(baseIface) =>
                        onChange({ ...value, vlan: { ...value.vlan, baseIface } })
                      }
                    />
                    <FieldFindings findings={findingsFor('vlan.base-iface')} />
                  </FormGroup>
                </GridItem>
                <GridItem>
                  <FormGroup label={t('VLAN ID')} isRequired fieldId={`${p}-vlan-id`}>
                    <NumberField
                      id={`${p}-vlan-id`}
                      testId={`${p}-vlan-id`}
                      ariaLabel={t('VLAN ID')}
                      value={value.vlan.id}
                      validated={fieldStatus(findingsFor('vlan.id'))}
                      onChange={(id) => onChange({ ...value, vlan: { ...value.vlan, id } })}
                    />
                    <FieldFindings findings={findingsFor('vlan.id')} />
                  </FormGroup>
                </GridItem>
              </Grid>
            )}
            {value.type === 'mac-vlan' && (
              <Grid hasGutter md={4} className="pf-v6-u-mt-md">
                <GridItem>
                  <FormGroup label={t('Base interface')} isRequired fieldId={`${p}-macvlan-base`}>
                    <TextInput
                      id={`${p}-macvlan-base`}
                      data-test={`${p}-macvlan-base`}
                      value={value.macVlan.baseIface}
                      onChange={(_e, v) =>
                        onChange({ ...value, macVlan: { ...value.macVlan, baseIface: v } })
                      }
                    />
                    <FieldFindings findings={findingsFor('mac-vlan.base-iface')} />
                  </FormGroup>
                </GridItem>
                <GridItem>
                  <FormGroup label={t('Mode')} fieldId={`${p}-macvlan-mode`}>
                    <FormSelect
                      id={`${p}-macvlan-mode`}
                      data-test={`${p}-macvlan-mode`}
                      value={value.macVlan.mode}
                      onChange={(_e, v) =>
                        onChange({ ...value, macVlan: { ...value.macVlan, mode: v } })
                      }
                    >
                      {/* nmstate has no default MAC-VLAN mode (mac_vlan.rs): one must be picked. */}
                      <FormSelectOption value="" label={t('Select a mode')} isDisabled />
                      {MAC_VLAN_MODES.map((m) => (
                        <FormSelectOption key={m} value={m} label={m} />
                      ))}
                    </FormSelect>
                    <FieldFindings findings={findingsFor('mac-vlan.mode')} />
                  </FormGroup>
                </GridItem>
              </Grid>
            )}
            <InterfaceKindFields
              prefix={p}
              value={value}
              onChange={onChange}
              findingsFor={findingsFor}
              source={source}
            />
            {(value.type === 'linux-bridge' || value.type === 'ovs-bridge') && (
              <div className="pf-v6-u-mt-md">
                <Title headingLevel="h4">{t('Bridge ports')}</Title>
                <Checkbox
                  id={`${p}-stp`}
                  data-test={`${p}-stp`}
                  label={t('Spanning tree (STP)')}
                  isChecked={
                    (value.type === 'linux-bridge' ? value.linuxBridge : value.ovsBridge)
                      .stpEnabled === true
                  }
                  onChange={(_e, v) =>
                    value.type === 'linux-bridge'
                      ? onChange({ ...value, linuxBridge: { ...value.linuxBridge, stpEnabled: v } })
                      : onChange({ ...value, ovsBridge: { ...value.ovsBridge, stpEnabled: v } })
                  }
                />
                {value.type === 'linux-bridge' ? (
                  <BridgePorts
                    ports={value.linuxBridge.ports}
                    prefix={p}
                    ovs={false}
                    owner={value.name}
                    source={source}
                    create={() => ({ name: '', vlan: null })}
                    onChange={(ports) =>
                      onChange({ ...value, linuxBridge: { ...value.linuxBridge, ports } })
                    }
                  />
                ) : (
                  <BridgePorts
                    ports={value.ovsBridge.ports}
                    prefix={p}
                    ovs
                    owner={value.name}
                    source={source}
                    create={() => ({ name: '', vlan: null, bond: null })}
                    onChange={(ports) =>
                      onChange({ ...value, ovsBridge: { ...value.ovsBridge, ports } })
                    }
                  />
                )}
                <FieldFindings findings={findingsFor('bridge')} />
              </div>
            )}
            <Grid hasGutter md={6} className="pf-v6-u-mt-md">
              <GridItem>
                <IpSection
                  family={4}
                  prefix={p}
                  value={value.ipv4}
                  findings={findingsFor('ipv4')}
                  onChange={(ipv4) => onChange({ ...value, ipv4 })}
                />
              </GridItem>
              <GridItem>
                <IpSection
                  family={6}
                  prefix={p}
                  value={value.ipv6}
                  findings={findingsFor('ipv6')}
                  onChange={(ipv6) => onChange({ ...value, ipv6 })}
                />
              </GridItem>
            </Grid>
            <InterfaceSettingsFields
              value={value}
              onChange={onChange}
              p={p}
              findingsFor={findingsFor}
            />
          </>
        )}
      </CardBody>
    </Card>
  );
}
