// Form fields of the settings in model/policyFormSettings.ts: IP auto-* options inside the IP
// section, LLDP/ethtool/SR-IOV in an interface card, the extra route columns, route rules, DNS
// options and the hostname. Kept apart from InterfaceCard/PolicyForm so those stay small.
import { useState } from 'react';
import {
  Button,
  ExpandableSection,
  Flex,
  FlexItem,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  TextInput,
  Title,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import { usePluginTranslation } from '../../../../shared/i18n/usePluginTranslation';
import type { Finding } from '../../model/finding';
import type { InterfaceFormValues, IpFormValues, RouteFormValues } from '../../model/policyForm';
import {
  ADDR_GEN_MODES,
  COMMON_ETHTOOL_FEATURES,
  DHCP_CLIENT_IDS,
  ROUTE_RULE_ACTIONS,
  ROUTE_RULE_FAMILIES,
  type EthtoolFormValues,
  type InterfaceSettingsFormValues,
  type PolicySettingsFormValues,
  type RouteRuleFormValues,
  type SriovFormValues,
  type SriovVfFormValues,
  type TriState,
} from '../../model/policyFormSettings';
import { ROUTE_TYPES } from '../../logic/validatePolicy';
import { emptyVf, newRouteRuleFormValues } from '../../logic/policyFormSettings';
import {
  FieldFindings,
  fieldStatus,
  formatList,
  NumberField,
  ParsedTextInput,
  parseList,
} from './inputs';

/** A setting that may be on, off, or left to the node. */
export function TriSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: TriState;
  onChange: (v: TriState) => void;
}) {
  const { t } = usePluginTranslation();
  return (
    <FormSelect
      id={id}
      data-test={id}
      aria-label={label}
      value={value === null ? 'unset' : value ? 'on' : 'off'}
      onChange={(_e, v) => onChange(v === 'unset' ? null : v === 'on')}
    >
      <FormSelectOption value="unset" label={t('{{label}}: unchanged', { label })} />
      <FormSelectOption value="on" label={t('{{label}}: on', { label })} />
      <FormSelectOption value="off" label={t('{{label}}: off', { label })} />
    </FormSelect>
  );
}

/** A select of named values that keeps an unnamed (backend-specific) value it was given. */
function NamedSelect({
  id,
  label,
  value,
  names,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  names: readonly string[];
  onChange: (v: string) => void;
}) {
  const { t } = usePluginTranslation();
  return (
    <FormSelect
      id={id}
      data-test={id}
      aria-label={label}
      value={value}
      onChange={(_e, v) => onChange(v)}
    >
      <FormSelectOption value="" label={t('{{label}}: unchanged', { label })} />
      {names.map((n) => (
        <FormSelectOption key={n} value={n} label={n} />
      ))}
      {value !== '' && !names.includes(value) && <FormSelectOption value={value} label={value} />}
    </FormSelect>
  );
}

/** ip.rs auto-* options (shown while DHCP/autoconf is on), DHCP client id, addr-gen-mode. */
export function IpAutoFields({
  family,
  value,
  onChange,
  id,
}: {
  family: 4 | 6;
  value: IpFormValues;
  onChange: (v: IpFormValues) => void;
  id: string;
}) {
  const { t } = usePluginTranslation();
  const auto = value.auto;
  const set = (patch: Partial<IpFormValues['auto']>) =>
    onChange({ ...value, auto: { ...auto, ...patch } });
  const dynamic = value.dhcp || (family === 6 && value.autoconf);
  return (
    <Flex className="pf-v6-u-mt-sm" data-test={`${id}-auto`}>
      {dynamic && (
        <>
          <FlexItem>
            <TriSelect
              id={`${id}-auto-dns`}
              label={t('DNS from DHCP')}
              value={value.autoDns}
              onChange={(autoDns) => onChange({ ...value, autoDns })}
            />
          </FlexItem>
          <FlexItem>
            <TriSelect
              id={`${id}-auto-routes`}
              label={t('Routes from DHCP')}
              value={auto.autoRoutes}
              onChange={(autoRoutes) => set({ autoRoutes })}
            />
          </FlexItem>
          <FlexItem>
            <TriSelect
              id={`${id}-auto-gateway`}
              label={t('Gateway from DHCP')}
              value={auto.autoGateway}
              onChange={(autoGateway) => set({ autoGateway })}
            />
          </FlexItem>
          <FlexItem>
            <NumberField
              id={`${id}-auto-route-table-id`}
              testId={`${id}-auto-route-table-id`}
              ariaLabel={t('Table for DHCP routes')}
              placeholder={t('Table for DHCP routes')}
              value={auto.autoRouteTableId}
              onChange={(autoRouteTableId) => set({ autoRouteTableId })}
            />
          </FlexItem>
        </>
      )}
      {family === 4 && value.dhcp && (
        <FlexItem>
          <TextInput
            id={`${id}-dhcp-client-id`}
            data-test={`${id}-dhcp-client-id`}
            aria-label={t('DHCP client ID')}
            placeholder={t('Client ID: {{names}} or hex', { names: DHCP_CLIENT_IDS.join(', ') })}
            value={auto.dhcpClientId}
            onChange={(_e, dhcpClientId) => set({ dhcpClientId })}
          />
        </FlexItem>
      )}
      {family === 6 && (
        <FlexItem>
          <NamedSelect
            id={`${id}-addr-gen-mode`}
            label={t('Address generation')}
            names={ADDR_GEN_MODES}
            value={auto.addrGenMode}
            onChange={(addrGenMode) => set({ addrGenMode })}
          />
        </FlexItem>
      )}
    </Flex>
  );
}

function EthtoolFields({
  value,
  onChange,
  p,
  findings,
}: {
  value: EthtoolFormValues;
  onChange: (v: EthtoolFormValues) => void;
  p: string;
  findings: Finding[];
}) {
  const { t } = usePluginTranslation();
  const setFeature = (i: number, patch: Partial<EthtoolFormValues['features'][number]>) =>
    onChange({
      ...value,
      features: value.features.map((f, j) => (j === i ? { ...f, ...patch } : f)),
    });
  return (
    <FormGroup label={t('ethtool')} fieldId={`${p}-ethtool-ring-rx`}>
      <datalist id={`${p}-ethtool-features`}>
        {COMMON_ETHTOOL_FEATURES.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      {value.features.map((f, i) => (
        <Flex key={i} className="pf-v6-u-mb-sm" flexWrap={{ default: 'nowrap' }}>
          <FlexItem grow={{ default: 'grow' }}>
            <TextInput
              id={`${p}-ethtool-feature-${i}-name`}
              data-test={`${p}-ethtool-feature-${i}-name`}
              aria-label={t('Feature')}
              placeholder={t('Feature, e.g. rx-checksum')}
              list={`${p}-ethtool-features`}
              value={f.name}
              onChange={(_e, name) => setFeature(i, { name })}
            />
          </FlexItem>
          <FlexItem>
            <FormSelect
              id={`${p}-ethtool-feature-${i}-enabled`}
              data-test={`${p}-ethtool-feature-${i}-enabled`}
              aria-label={t('Feature state')}
              value={f.enabled ? 'on' : 'off'}
              onChange={(_e, v) => setFeature(i, { enabled: v === 'on' })}
            >
              <FormSelectOption value="on" label={t('on')} />
              <FormSelectOption value="off" label={t('off')} />
            </FormSelect>
          </FlexItem>
          <FlexItem>
            <Button
              variant="plain"
              aria-label={t('Remove feature')}
              icon={<MinusCircleIcon />}
              onClick={() =>
                onChange({ ...value, features: value.features.filter((_, j) => j !== i) })
              }
            />
          </FlexItem>
        </Flex>
      ))}
      <Button
        variant="link"
        icon={<PlusCircleIcon />}
        data-test={`${p}-ethtool-add-feature`}
        onClick={() =>
          onChange({ ...value, features: [...value.features, { name: '', enabled: false }] })
        }
      >
        {t('Add offload feature')}
      </Button>
      <Flex>
        <FlexItem>
          <NumberField
            id={`${p}-ethtool-ring-rx`}
            testId={`${p}-ethtool-ring-rx`}
            ariaLabel={t('RX ring size')}
            placeholder={t('RX ring size')}
            value={value.ringRx}
            onChange={(ringRx) => onChange({ ...value, ringRx })}
          />
        </FlexItem>
        <FlexItem>
          <NumberField
            id={`${p}-ethtool-ring-tx`}
            testId={`${p}-ethtool-ring-tx`}
            ariaLabel={t('TX ring size')}
            placeholder={t('TX ring size')}
            value={value.ringTx}
            onChange={(ringTx) => onChange({ ...value, ringTx })}
          />
        </FlexItem>
        <FlexItem>
          <TriSelect
            id={`${p}-ethtool-pause-autoneg`}
            label={t('Pause autoneg')}
            value={value.pauseAutoneg}
            onChange={(pauseAutoneg) => onChange({ ...value, pauseAutoneg })}
          />
        </FlexItem>
        <FlexItem>
          <TriSelect
            id={`${p}-ethtool-pause-rx`}
            label={t('Pause RX')}
            value={value.pauseRx}
            onChange={(pauseRx) => onChange({ ...value, pauseRx })}
          />
        </FlexItem>
        <FlexItem>
          <TriSelect
            id={`${p}-ethtool-pause-tx`}
            label={t('Pause TX')}
            value={value.pauseTx}
            onChange={(pauseTx) => onChange({ ...value, pauseTx })}
          />
        </FlexItem>
      </Flex>
      <FieldFindings findings={findings} />
    </FormGroup>
  );
}

function VfRow({
  vf,
  onChange,
  onRemove,
  id,
  findings,
}: {
  vf: SriovVfFormValues;
  onChange: (v: SriovVfFormValues) => void;
  onRemove: () => void;
  id: string;
  findings: Finding[];
}) {
  const { t } = usePluginTranslation();
  const num = (field: 'minTxRate' | 'maxTxRate' | 'vlanId' | 'qos', label: string) => (
    <FlexItem>
      <NumberField
        id={`${id}-${field}`}
        testId={`${id}-${field}`}
        ariaLabel={label}
        placeholder={label}
        value={vf[field]}
        onChange={(v) => onChange({ ...vf, [field]: v })}
      />
    </FlexItem>
  );
  const idFindings = findings.filter((f) => f.path.endsWith('.id'));
  return (
    <div className="pf-v6-u-mb-sm" data-test={id}>
      <Flex flexWrap={{ default: 'wrap' }}>
        <FlexItem>
          <NumberField
            id={`${id}-id`}
            testId={`${id}-id`}
            ariaLabel={t('VF ID')}
            placeholder={t('VF ID')}
            value={vf.id}
            validated={fieldStatus(idFindings)}
            onChange={(v) => onChange({ ...vf, id: v })}
          />
        </FlexItem>
        <FlexItem>
          <TextInput
            id={`${id}-mac`}
            data-test={`${id}-mac`}
            aria-label={t('MAC address')}
            placeholder={t('MAC address')}
            value={vf.macAddress}
            onChange={(_e, macAddress) => onChange({ ...vf, macAddress })}
          />
        </FlexItem>
        <FlexItem>
          <TriSelect
            id={`${id}-spoof-check`}
            label={t('Spoof check')}
            value={vf.spoofCheck}
            onChange={(spoofCheck) => onChange({ ...vf, spoofCheck })}
          />
        </FlexItem>
        <FlexItem>
          <TriSelect
            id={`${id}-trust`}
            label={t('Trust')}
            value={vf.trust}
            onChange={(trust) => onChange({ ...vf, trust })}
          />
        </FlexItem>
        {num('minTxRate', t('Min TX rate (Mbps)'))}
        {num('maxTxRate', t('Max TX rate (Mbps)'))}
        {num('vlanId', t('VLAN ID'))}
        {num('qos', t('QoS'))}
        <FlexItem>
          <Button
            variant="plain"
            aria-label={t('Remove VF')}
            icon={<MinusCircleIcon />}
            onClick={onRemove}
          />
        </FlexItem>
      </Flex>
      <FieldFindings findings={findings} />
    </div>
  );
}

function SriovFields({
  value,
  onChange,
  p,
  findingsFor,
}: {
  value: SriovFormValues;
  onChange: (v: SriovFormValues) => void;
  p: string;
  findingsFor: (prefix?: string) => Finding[];
}) {
  const { t } = usePluginTranslation();
  const totalFindings = findingsFor('ethernet.sr-iov.total-vfs');
  return (
    <FormGroup label={t('SR-IOV')} fieldId={`${p}-sriov-total-vfs`}>
      <Flex alignItems={{ default: 'alignItemsCenter' }} className="pf-v6-u-mb-sm">
        <FlexItem>{t('Number of VFs')}</FlexItem>
        <FlexItem>
          <NumberField
            id={`${p}-sriov-total-vfs`}
            testId={`${p}-sriov-total-vfs`}
            ariaLabel={t('Number of VFs')}
            placeholder={t('Unchanged')}
            value={value.totalVfs}
            validated={fieldStatus(totalFindings)}
            onChange={(totalVfs) => onChange({ ...value, totalVfs })}
          />
        </FlexItem>
      </Flex>
      <FieldFindings findings={totalFindings} />
      {value.vfs.map((vf, i) => (
        <VfRow
          key={i}
          id={`${p}-vf-${i}`}
          vf={vf}
          findings={findingsFor(`ethernet.sr-iov.vfs[${i}]`)}
          onChange={(next) =>
            onChange({ ...value, vfs: value.vfs.map((x, j) => (j === i ? next : x)) })
          }
          onRemove={() => onChange({ ...value, vfs: value.vfs.filter((_, j) => j !== i) })}
        />
      ))}
      <Button
        variant="link"
        icon={<PlusCircleIcon />}
        data-test={`${p}-sriov-add-vf`}
        onClick={() => {
          const used = new Set(value.vfs.map((v) => v.id));
          let id = 0;
          while (used.has(id)) id += 1;
          onChange({ ...value, vfs: [...value.vfs, { ...emptyVf(), id }] });
        }}
      >
        {t('Add VF settings')}
      </Button>
    </FormGroup>
  );
}

const hasSettings = (s: InterfaceSettingsFormValues): boolean =>
  s.lldp !== null ||
  s.ethtool.features.length > 0 ||
  [s.ethtool.ringRx, s.ethtool.ringTx, s.ethtool.pauseAutoneg, s.ethtool.pauseRx].some(
    (v) => v !== null,
  ) ||
  s.ethtool.pauseTx !== null ||
  s.sriov.totalVfs !== null ||
  s.sriov.vfs.length > 0;

/** LLDP, ethtool and (for ethernet) SR-IOV of one interface card. */
export function InterfaceSettingsFields({
  value,
  onChange,
  p,
  findingsFor,
}: {
  value: InterfaceFormValues;
  onChange: (v: InterfaceFormValues) => void;
  p: string;
  findingsFor: (prefix?: string) => Finding[];
}) {
  const { t } = usePluginTranslation();
  const s = value.settings;
  const problems =
    findingsFor('lldp').length + findingsFor('ethtool').length + findingsFor('ethernet').length;
  const [expanded, setExpanded] = useState(() => hasSettings(s) || problems > 0);
  const set = (patch: Partial<InterfaceSettingsFormValues>) =>
    onChange({ ...value, settings: { ...s, ...patch } });
  return (
    <ExpandableSection
      className="pf-v6-u-mt-md"
      toggleText={t('Link settings (LLDP, ethtool, SR-IOV)')}
      isExpanded={expanded || problems > 0}
      onToggle={(_e, v) => setExpanded(v)}
      data-test={`${p}-link-settings`}
    >
      <Grid hasGutter md={6}>
        <GridItem>
          <FormGroup label={t('LLDP')} fieldId={`${p}-lldp`}>
            <TriSelect
              id={`${p}-lldp`}
              label={t('LLDP')}
              value={s.lldp}
              onChange={(lldp) => set({ lldp })}
            />
            <FieldFindings findings={findingsFor('lldp')} />
          </FormGroup>
        </GridItem>
        <GridItem span={12}>
          <EthtoolFields
            p={p}
            value={s.ethtool}
            findings={findingsFor('ethtool')}
            onChange={(ethtool) => set({ ethtool })}
          />
        </GridItem>
        {value.type === 'ethernet' && (
          <GridItem span={12}>
            <SriovFields
              p={p}
              value={s.sriov}
              findingsFor={findingsFor}
              onChange={(sriov) => set({ sriov })}
            />
          </GridItem>
        )}
      </Grid>
    </ExpandableSection>
  );
}

/** Route type, ECMP weight and source of one route row (route.rs `RouteEntry`). */
export function RouteExtraFields({
  value,
  onChange,
  id,
}: {
  value: RouteFormValues;
  onChange: (v: RouteFormValues) => void;
  id: string;
}) {
  const { t } = usePluginTranslation();
  return (
    <Flex className="pf-v6-u-mt-xs" flexWrap={{ default: 'nowrap' }}>
      <FlexItem>
        <FormSelect
          id={`${id}-type`}
          data-test={`${id}-type`}
          aria-label={t('Route type')}
          value={value.routeType}
          onChange={(_e, routeType) => onChange({ ...value, routeType })}
        >
          <FormSelectOption value="" label={t('Unicast (via next hop)')} />
          {ROUTE_TYPES.map((rt) => (
            <FormSelectOption key={rt} value={rt} label={rt} />
          ))}
          {value.routeType !== '' &&
            !(ROUTE_TYPES as readonly string[]).includes(value.routeType) && (
              <FormSelectOption value={value.routeType} label={value.routeType} />
            )}
        </FormSelect>
      </FlexItem>
      <FlexItem>
        <NumberField
          id={`${id}-weight`}
          testId={`${id}-weight`}
          ariaLabel={t('ECMP weight')}
          placeholder={t('ECMP weight (1-256)')}
          value={value.weight}
          onChange={(weight) => onChange({ ...value, weight })}
        />
      </FlexItem>
      <FlexItem grow={{ default: 'grow' }}>
        <TextInput
          id={`${id}-source`}
          data-test={`${id}-source`}
          aria-label={t('Source address')}
          placeholder={t('Source address')}
          value={value.source}
          onChange={(_e, source) => onChange({ ...value, source })}
        />
      </FlexItem>
    </Flex>
  );
}

function RouteRuleRow({
  rule,
  onChange,
  onRemove,
  id,
  findings,
}: {
  rule: RouteRuleFormValues;
  onChange: (v: RouteRuleFormValues) => void;
  onRemove: () => void;
  id: string;
  findings: Finding[];
}) {
  const { t } = usePluginTranslation();
  const fieldFindings = (key: string) => findings.filter((f) => f.path.endsWith(`.${key}`));
  const text = (field: 'ipFrom' | 'ipTo' | 'iif', key: string, label: string) => (
    <FlexItem>
      <TextInput
        id={`${id}-${key}`}
        data-test={`${id}-${key}`}
        aria-label={label}
        placeholder={label}
        value={rule[field]}
        validated={fieldStatus(fieldFindings(key))}
        onChange={(_e, v) => onChange({ ...rule, [field]: v })}
      />
    </FlexItem>
  );
  const num = (
    field: 'priority' | 'routeTable' | 'fwmark' | 'fwmask',
    key: string,
    label: string,
  ) => (
    <FlexItem>
      <NumberField
        id={`${id}-${key}`}
        testId={`${id}-${key}`}
        ariaLabel={label}
        placeholder={label}
        value={rule[field]}
        validated={fieldStatus(fieldFindings(key))}
        onChange={(v) => onChange({ ...rule, [field]: v })}
      />
    </FlexItem>
  );
  return (
    <div className="pf-v6-u-mb-sm" data-test={id}>
      <Flex flexWrap={{ default: 'wrap' }}>
        {text('ipFrom', 'ip-from', t('From (source network)'))}
        {text('ipTo', 'ip-to', t('To (destination network)'))}
        {num('priority', 'priority', t('Priority'))}
        {num('routeTable', 'route-table', t('Route table'))}
        <FlexItem>
          <NamedSelect
            id={`${id}-action`}
            label={t('Action')}
            names={ROUTE_RULE_ACTIONS}
            value={rule.action}
            onChange={(action) => onChange({ ...rule, action })}
          />
        </FlexItem>
        {text('iif', 'iif', t('Incoming interface'))}
        {num('fwmark', 'fwmark', t('Firewall mark'))}
        {num('fwmask', 'fwmask', t('Firewall mask'))}
        <FlexItem>
          <NamedSelect
            id={`${id}-family`}
            label={t('Family')}
            names={ROUTE_RULE_FAMILIES}
            value={rule.family}
            onChange={(family) => onChange({ ...rule, family })}
          />
        </FlexItem>
        <FlexItem>
          <FormSelect
            id={`${id}-state`}
            data-test={`${id}-state`}
            aria-label={t('Rule change')}
            value={rule.absent ? 'absent' : 'present'}
            onChange={(_e, v) => onChange({ ...rule, absent: v === 'absent' })}
          >
            <FormSelectOption value="present" label={t('Add')} />
            <FormSelectOption value="absent" label={t('Remove matching rules')} />
          </FormSelect>
        </FlexItem>
        <FlexItem>
          <Button
            variant="plain"
            aria-label={t('Remove rule')}
            icon={<MinusCircleIcon />}
            onClick={onRemove}
          />
        </FlexItem>
      </Flex>
      <FieldFindings findings={findings} />
    </div>
  );
}

/** Route rules, DNS options and the hostname: the policy-level settings. */
export function PolicySettingsSections({
  value,
  onChange,
  findingsOf,
}: {
  value: PolicySettingsFormValues;
  onChange: (v: PolicySettingsFormValues) => void;
  /** Findings of a route rule row (`index`) or of the hostname (`index` undefined). */
  findingsOf: (section: 'routeRule' | 'hostname', index?: number) => Finding[];
}) {
  const { t } = usePluginTranslation();
  const rules = value.routeRules;
  return (
    <>
      <Title headingLevel="h3" className="pf-v6-u-mt-md">
        {t('Route rules')}
      </Title>
      {rules.map((r, i) => (
        <RouteRuleRow
          key={i}
          id={`route-rule-${i}`}
          rule={r}
          findings={findingsOf('routeRule', i)}
          onChange={(next) =>
            onChange({ ...value, routeRules: rules.map((x, j) => (j === i ? next : x)) })
          }
          onRemove={() => onChange({ ...value, routeRules: rules.filter((_, j) => j !== i) })}
        />
      ))}
      <Button
        variant="link"
        icon={<PlusCircleIcon />}
        data-test="add-route-rule"
        onClick={() => onChange({ ...value, routeRules: [...rules, newRouteRuleFormValues()] })}
      >
        {t('Add route rule')}
      </Button>
      <Title headingLevel="h3" className="pf-v6-u-mt-md">
        {t('Hostname')}
      </Title>
      <Flex>
        <FlexItem>
          <TextInput
            id="hostname-config"
            data-test="hostname-config"
            aria-label={t('Static hostname')}
            placeholder={t('Static hostname')}
            value={value.hostnameConfig ?? ''}
            onChange={(_e, v) => onChange({ ...value, hostnameConfig: v === '' ? null : v })}
          />
        </FlexItem>
        <FlexItem>
          <TextInput
            id="hostname-running"
            data-test="hostname-running"
            aria-label={t('Running hostname')}
            placeholder={t('Running hostname')}
            value={value.hostnameRunning ?? ''}
            onChange={(_e, v) => onChange({ ...value, hostnameRunning: v === '' ? null : v })}
          />
        </FlexItem>
      </Flex>
      <FieldFindings findings={findingsOf('hostname')} />
    </>
  );
}

/** dns.rs resolver options (`rotate`, `ndots:2` …). */
export function DnsOptionsField({
  value,
  onChange,
}: {
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const { t } = usePluginTranslation();
  return (
    <FormGroup label={t('Resolver options')} fieldId="dns-options">
      <ParsedTextInput
        id="dns-options"
        testId="dns-options"
        ariaLabel={t('Resolver options')}
        placeholder={t('e.g. rotate, ndots:2')}
        value={value}
        format={formatList}
        parse={parseList}
        onChange={onChange}
      />
    </FormGroup>
  );
}
