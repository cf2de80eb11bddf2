import { Checkbox, Form, FormSection } from '@patternfly/react-core';
import type {
  FormPluginType,
  NadFormValues,
  PluginFormValues,
  TuningFormValues,
} from '../model/form';
import { FORM_PLUGIN_TYPES } from '../logic/form';
import { getDefaultPluginValues } from '../logic/templates';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { IpamForm } from './IpamForm';
import { ListField, NumberField, RowList, SelectField, TextField, TriStateField } from './fields';

const CNI_VERSIONS = ['0.3.1', '0.4.0', '1.0.0', '1.1.0', '0.3.0', '0.2.0', '0.1.0'];

/** A typed field setter for the plugin values narrowed by the caller's switch. */
function setter<P extends PluginFormValues>(v: P, onChange: (v: PluginFormValues) => void) {
  return <K extends keyof P>(key: K, value: P[K]) => onChange({ ...v, [key]: value });
}

function PluginFields({
  v,
  onChange,
}: {
  v: PluginFormValues;
  onChange: (v: PluginFormValues) => void;
}) {
  const { t } = usePluginTranslation();
  switch (v.type) {
    case 'bridge':
      return (
        <>
          <TextField
            label={t('Bridge')}
            id="bridge"
            value={v.bridge}
            placeholder="br1"
            onChange={(x) => setter(v, onChange)('bridge', x)}
            helper={t('Created on each node if missing; defaults to cni0.')}
          />
          <NumberField
            label={t('VLAN')}
            id="vlan"
            value={v.vlan}
            onChange={(x) => setter(v, onChange)('vlan', x)}
          />
          <NumberField
            label={t('MTU')}
            id="mtu"
            value={v.mtu}
            onChange={(x) => setter(v, onChange)('mtu', x)}
          />
          <TriStateField
            label={t('isGateway')}
            id="isGateway"
            value={v.isGateway}
            onChange={(x) => setter(v, onChange)('isGateway', x)}
          />
          <TriStateField
            label={t('isDefaultGateway')}
            id="isDefaultGateway"
            value={v.isDefaultGateway}
            onChange={(x) => setter(v, onChange)('isDefaultGateway', x)}
          />
          <TriStateField
            label={t('ipMasq')}
            id="ipMasq"
            value={v.ipMasq}
            onChange={(x) => setter(v, onChange)('ipMasq', x)}
          />
          <TriStateField
            label={t('hairpinMode')}
            id="hairpinMode"
            value={v.hairpinMode}
            onChange={(x) => setter(v, onChange)('hairpinMode', x)}
          />
          <TriStateField
            label={t('promiscMode')}
            id="promiscMode"
            value={v.promiscMode}
            onChange={(x) => setter(v, onChange)('promiscMode', x)}
          />
          <TriStateField
            label={t('macspoofchk')}
            id="macspoofchk"
            value={v.macspoofchk}
            onChange={(x) => setter(v, onChange)('macspoofchk', x)}
          />
          <TriStateField
            label={t('preserveDefaultVlan')}
            id="preserveDefaultVlan"
            value={v.preserveDefaultVlan}
            onChange={(x) => setter(v, onChange)('preserveDefaultVlan', x)}
          />
        </>
      );
    case 'macvlan':
    case 'ipvlan':
      return (
        <>
          <TextField
            label={t('Master interface')}
            id="master"
            value={v.master}
            placeholder="eth1"
            onChange={(x) => setter(v, onChange)('master', x)}
            helper={t(
              'Node interface the pods attach to; defaults to the node default-route interface.',
            )}
          />
          <SelectField
            label={t('Mode')}
            id="mode"
            value={v.mode}
            options={(v.type === 'macvlan'
              ? ['', 'bridge', 'private', 'vepa', 'passthru']
              : ['', 'l2', 'l3', 'l3s']
            ).map((m) => ({ value: m, label: m === '' ? t('Not set (plugin default)') : m }))}
            onChange={(x) => setter(v, onChange)('mode', x)}
          />
          <NumberField
            label={t('MTU')}
            id="mtu"
            value={v.mtu}
            onChange={(x) => setter(v, onChange)('mtu', x)}
          />
        </>
      );
    case 'vlan':
      return (
        <>
          <TextField
            label={t('Master interface')}
            id="master"
            value={v.master}
            isRequired
            onChange={(x) => setter(v, onChange)('master', x)}
          />
          <NumberField
            label={t('VLAN ID')}
            id="vlanId"
            value={v.vlanId}
            onChange={(x) => setter(v, onChange)('vlanId', x)}
          />
          <NumberField
            label={t('MTU')}
            id="mtu"
            value={v.mtu}
            onChange={(x) => setter(v, onChange)('mtu', x)}
          />
        </>
      );
    case 'host-device':
      return (
        <>
          <TextField
            label={t('Device name')}
            id="device"
            value={v.device}
            onChange={(x) => setter(v, onChange)('device', x)}
            helper={t('Set exactly one of device, hwaddr, kernelpath or pciBusID.')}
          />
          <TextField
            label={t('MAC address (hwaddr)')}
            id="hwaddr"
            value={v.hwaddr}
            onChange={(x) => setter(v, onChange)('hwaddr', x)}
          />
          <TextField
            label={t('Kernel path')}
            id="kernelpath"
            value={v.kernelpath}
            onChange={(x) => setter(v, onChange)('kernelpath', x)}
          />
          <TextField
            label={t('PCI bus ID')}
            id="pciBusID"
            value={v.pciBusID}
            placeholder="0000:00:00.0"
            onChange={(x) => setter(v, onChange)('pciBusID', x)}
          />
        </>
      );
    case 'sriov':
      return (
        <>
          <TextField
            label={t('Resource name')}
            id="resourceName"
            value={v.resourceName}
            placeholder="openshift.io/sriovnic"
            onChange={(x) => setter(v, onChange)('resourceName', x)}
            helper={t('Stored in the k8s.v1.cni.cncf.io/resourceName annotation.')}
          />
          <NumberField
            label={t('VLAN')}
            id="vlan"
            value={v.vlan}
            onChange={(x) => setter(v, onChange)('vlan', x)}
          />
          <NumberField
            label={t('VLAN QoS')}
            id="vlanQoS"
            value={v.vlanQoS}
            onChange={(x) => setter(v, onChange)('vlanQoS', x)}
          />
          {(['spoofchk', 'trust'] as const).map((k) => (
            <SelectField
              key={k}
              label={k}
              id={k}
              value={v[k]}
              options={['', 'on', 'off'].map((o) => ({
                value: o,
                label: o === '' ? t('Not set (plugin default)') : o,
              }))}
              onChange={(x) => setter(v, onChange)(k, x)}
            />
          ))}
          <SelectField
            label={t('link_state')}
            id="linkState"
            value={v.linkState}
            options={['', 'auto', 'enable', 'disable'].map((o) => ({
              value: o,
              label: o === '' ? t('Not set (plugin default)') : o,
            }))}
            onChange={(x) => setter(v, onChange)('linkState', x)}
          />
          <NumberField
            label={t('min_tx_rate (Mbps)')}
            id="minTxRate"
            value={v.minTxRate}
            onChange={(x) => setter(v, onChange)('minTxRate', x)}
          />
          <NumberField
            label={t('max_tx_rate (Mbps)')}
            id="maxTxRate"
            value={v.maxTxRate}
            onChange={(x) => setter(v, onChange)('maxTxRate', x)}
          />
        </>
      );
    case 'ovn-k8s-cni-overlay':
      return (
        <>
          <SelectField
            label={t('Topology')}
            id="topology"
            value={v.topology}
            options={['layer2', 'layer3', 'localnet'].map((o) => ({ value: o, label: o }))}
            onChange={(x) => setter(v, onChange)('topology', x)}
          />
          <TextField
            label={t('netAttachDefName')}
            id="netAttachDefName"
            value={v.netAttachDefName}
            helper={t('Must be namespace/name of this NAD.')}
            onChange={(x) => setter(v, onChange)('netAttachDefName', x)}
          />
          <ListField
            label={t('Subnets')}
            id="subnets"
            value={v.subnets}
            placeholder="10.100.0.0/24, fd00:100::/64"
            onChange={(x) => setter(v, onChange)('subnets', x)}
          />
          <ListField
            label={t('Exclude subnets')}
            id="excludeSubnets"
            value={v.excludeSubnets}
            onChange={(x) => setter(v, onChange)('excludeSubnets', x)}
          />
          <NumberField
            label={t('MTU')}
            id="mtu"
            value={v.mtu}
            onChange={(x) => setter(v, onChange)('mtu', x)}
          />
          {v.topology === 'localnet' && (
            <>
              <NumberField
                label={t('VLAN ID')}
                id="vlanID"
                value={v.vlanID}
                onChange={(x) => setter(v, onChange)('vlanID', x)}
              />
              <TextField
                label={t('Physical network name')}
                id="physicalNetworkName"
                value={v.physicalNetworkName}
                helper={t(
                  'The localnet name in the NNCP ovn.bridge-mappings; defaults to the network name.',
                )}
                onChange={(x) => setter(v, onChange)('physicalNetworkName', x)}
              />
            </>
          )}
          <TriStateField
            label={t('allowPersistentIPs')}
            id="allowPersistentIPs"
            value={v.allowPersistentIPs}
            onChange={(x) => setter(v, onChange)('allowPersistentIPs', x)}
          />
          <SelectField
            label={t('Role')}
            id="role"
            value={v.role}
            options={['', 'secondary', 'primary'].map((o) => ({
              value: o,
              label: o === '' ? t('Not set (secondary)') : o,
            }))}
            onChange={(x) => setter(v, onChange)('role', x)}
          />
        </>
      );
  }
}

function TuningFields({
  v,
  onChange,
}: {
  v: TuningFormValues;
  onChange: (v: TuningFormValues) => void;
}) {
  const { t } = usePluginTranslation();
  return (
    <>
      <TextField
        label={t('MAC address')}
        id="tuning-mac"
        value={v.mac}
        onChange={(mac) => onChange({ ...v, mac })}
      />
      <NumberField
        label={t('MTU')}
        id="tuning-mtu"
        value={v.mtu}
        onChange={(mtu) => onChange({ ...v, mtu })}
      />
      <TriStateField
        label={t('Promiscuous mode')}
        id="tuning-promisc"
        value={v.promisc}
        onChange={(promisc) => onChange({ ...v, promisc })}
      />
      <RowList
        testId="tuning-sysctl"
        items={v.sysctl}
        onChange={(sysctl) => onChange({ ...v, sysctl })}
        create={() => ({ key: '', value: '' })}
        addLabel={t('Add sysctl')}
        render={(s, update, i) => (
          <>
            <TextField
              label={t('sysctl')}
              id={`tuning-sysctl-${i}-key`}
              value={s.key}
              placeholder="net.ipv4.conf.IFNAME.arp_notify"
              onChange={(key) => update({ ...s, key })}
            />
            <TextField
              label={t('Value')}
              id={`tuning-sysctl-${i}-value`}
              value={s.value}
              onChange={(value) => update({ ...s, value })}
            />
          </>
        )}
      />
    </>
  );
}

interface NadFormProps {
  values: NadFormValues;
  onChange: (v: NadFormValues) => void;
  nad: { namespace: string; name: string };
  readOnly?: boolean;
}

/** The form for one CNI plugin (plus an optional tuning plugin chained after it) and its IPAM. */
export function NadForm({ values, onChange, nad, readOnly }: NadFormProps) {
  const { t } = usePluginTranslation();
  const typeLabels: Record<FormPluginType, string> = {
    bridge: t('Linux bridge (bridge)'),
    macvlan: t('macvlan'),
    ipvlan: t('ipvlan'),
    vlan: t('VLAN sub-interface (vlan)'),
    'host-device': t('Host device (host-device)'),
    sriov: t('SR-IOV (sriov)'),
    'ovn-k8s-cni-overlay': t('OVN-Kubernetes secondary network (ovn-k8s-cni-overlay)'),
  };
  const isOvn = values.plugin.type === 'ovn-k8s-cni-overlay';
  return (
    <Form className="sb-nad-form" data-test="nad-form" onSubmit={(e) => e.preventDefault()}>
      <fieldset disabled={readOnly}>
        <FormSection title={t('Network')}>
          <TextField
            label={t('Network name (config name)')}
            id="networkName"
            value={values.networkName}
            helper={t(
              'Usually the NAD name. For OVN-Kubernetes, NADs with the same name join one network.',
            )}
            onChange={(networkName) => onChange({ ...values, networkName })}
          />
          <SelectField
            label={t('CNI version')}
            id="cniVersion"
            value={values.cniVersion}
            options={CNI_VERSIONS.map((v) => ({ value: v, label: v }))}
            onChange={(cniVersion) => onChange({ ...values, cniVersion })}
          />
          <SelectField
            label={t('Plugin type')}
            id="pluginType"
            value={values.plugin.type}
            options={FORM_PLUGIN_TYPES.map((p) => ({ value: p, label: typeLabels[p] }))}
            onChange={(type) => {
              if (type === values.plugin.type) return;
              const plugin = getDefaultPluginValues(type as FormPluginType, nad);
              // OVN-Kubernetes rejects "ipam"; leaving it would be an error right away.
              const ipam = type === 'ovn-k8s-cni-overlay' ? { type: 'none' as const } : values.ipam;
              onChange({ ...values, plugin, ipam });
            }}
          />
        </FormSection>
        <FormSection title={t('Plugin settings')} data-test="plugin-section">
          <PluginFields v={values.plugin} onChange={(plugin) => onChange({ ...values, plugin })} />
        </FormSection>
        {!isOvn && (
          <IpamForm value={values.ipam} onChange={(ipam) => onChange({ ...values, ipam })} />
        )}
        {!isOvn && (
          <FormSection title={t('Chained plugins')}>
            <Checkbox
              id="tuning-enabled"
              data-test="field-tuning-enabled"
              label={t('Chain a tuning plugin (makes the config a plugin list)')}
              isChecked={values.tuning !== undefined}
              onChange={(_e, checked) =>
                onChange({
                  ...values,
                  tuning: checked
                    ? { mac: '', mtu: undefined, promisc: undefined, sysctl: [] }
                    : undefined,
                })
              }
            />
            {values.tuning && (
              <TuningFields
                v={values.tuning}
                onChange={(tuning) => onChange({ ...values, tuning })}
              />
            )}
          </FormSection>
        )}
      </fieldset>
    </Form>
  );
}
