import { FormSection } from '@patternfly/react-core';
import type {
  HostLocalRangeFormValue,
  IpamFormValues,
  RouteFormValue,
  WhereaboutsRangeFormValue,
} from '../model/form';
import { getDefaultIpamValues, type IpamFormType } from '../logic/templates';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { ListField, RowList, SelectField, TextField, TriStateField } from './fields';

type Of<K extends IpamFormValues['type']> = Extract<IpamFormValues, { type: K }>;

function RoutesField({
  routes,
  onChange,
  id,
}: {
  routes: RouteFormValue[];
  onChange: (r: RouteFormValue[]) => void;
  id: string;
}) {
  const { t } = usePluginTranslation();
  return (
    <RowList
      testId={`${id}-routes`}
      items={routes}
      onChange={onChange}
      create={() => ({ dst: '', gw: '' })}
      addLabel={t('Add route')}
      render={(r, update, i) => (
        <>
          <TextField
            label={t('Destination (CIDR)')}
            id={`${id}-route-${i}-dst`}
            value={r.dst}
            onChange={(dst) => update({ ...r, dst })}
          />
          <TextField
            label={t('Gateway')}
            id={`${id}-route-${i}-gw`}
            value={r.gw}
            onChange={(gw) => update({ ...r, gw })}
          />
        </>
      )}
    />
  );
}

function HostLocalFields({
  v,
  onChange,
}: {
  v: Of<'host-local'>;
  onChange: (v: IpamFormValues) => void;
}) {
  const { t } = usePluginTranslation();
  const emptyRange = (): HostLocalRangeFormValue => ({
    subnet: '',
    rangeStart: '',
    rangeEnd: '',
    gateway: '',
  });
  return (
    <>
      <RowList
        testId="ipam-range-sets"
        items={v.rangeSets}
        onChange={(rangeSets) => onChange({ ...v, rangeSets })}
        create={() => [emptyRange()]}
        addLabel={t('Add range set (one address per set, e.g. IPv6 for dual stack)')}
        render={(set, updateSet, si) => (
          <RowList
            testId={`ipam-range-set-${si}`}
            items={set}
            onChange={updateSet}
            create={emptyRange}
            addLabel={t('Add range to this set')}
            render={(r, update, ri) => (
              <>
                <TextField
                  label={t('Subnet')}
                  id={`ipam-${si}-${ri}-subnet`}
                  value={r.subnet}
                  placeholder="192.168.10.0/24"
                  onChange={(subnet) => update({ ...r, subnet })}
                />
                <TextField
                  label={t('Range start')}
                  id={`ipam-${si}-${ri}-rangeStart`}
                  value={r.rangeStart}
                  onChange={(rangeStart) => update({ ...r, rangeStart })}
                />
                <TextField
                  label={t('Range end')}
                  id={`ipam-${si}-${ri}-rangeEnd`}
                  value={r.rangeEnd}
                  onChange={(rangeEnd) => update({ ...r, rangeEnd })}
                />
                <TextField
                  label={t('Gateway')}
                  id={`ipam-${si}-${ri}-gateway`}
                  value={r.gateway}
                  onChange={(gateway) => update({ ...r, gateway })}
                />
              </>
            )}
          />
        )}
      />
      <RoutesField id="ipam" routes={v.routes} onChange={(routes) => onChange({ ...v, routes })} />
      <TextField
        label={t('Data directory')}
        id="ipam-dataDir"
        value={v.dataDir}
        placeholder="/var/lib/cni/networks"
        onChange={(dataDir) => onChange({ ...v, dataDir })}
      />
    </>
  );
}

function StaticFields({ v, onChange }: { v: Of<'static'>; onChange: (v: IpamFormValues) => void }) {
  const { t } = usePluginTranslation();
  return (
    <>
      <RowList
        testId="ipam-addresses"
        items={v.addresses}
        onChange={(addresses) => onChange({ ...v, addresses })}
        create={() => ({ address: '', gateway: '' })}
        addLabel={t('Add address')}
        render={(a, update, i) => (
          <>
            <TextField
              label={t('Address (CIDR)')}
              id={`ipam-address-${i}`}
              value={a.address}
              placeholder="192.168.10.5/24"
              onChange={(address) => update({ ...a, address })}
            />
            <TextField
              label={t('Gateway')}
              id={`ipam-address-${i}-gateway`}
              value={a.gateway}
              onChange={(gateway) => update({ ...a, gateway })}
            />
          </>
        )}
      />
      <RoutesField id="ipam" routes={v.routes} onChange={(routes) => onChange({ ...v, routes })} />
      <ListField
        label={t('DNS nameservers')}
        id="ipam-dns-nameservers"
        value={v.dns.nameservers}
        onChange={(nameservers) => onChange({ ...v, dns: { ...v.dns, nameservers } })}
      />
      <TextField
        label={t('DNS domain')}
        id="ipam-dns-domain"
        value={v.dns.domain}
        onChange={(domain) => onChange({ ...v, dns: { ...v.dns, domain } })}
      />
      <ListField
        label={t('DNS search domains')}
        id="ipam-dns-search"
        value={v.dns.search}
        onChange={(search) => onChange({ ...v, dns: { ...v.dns, search } })}
      />
    </>
  );
}

function WhereaboutsRange({
  r,
  id,
  onChange,
}: {
  r: WhereaboutsRangeFormValue;
  id: string;
  onChange: (r: WhereaboutsRangeFormValue) => void;
}) {
  const { t } = usePluginTranslation();
  return (
    <>
      <TextField
        label={t('Range (CIDR or start-CIDR)')}
        id={`${id}-range`}
        value={r.range}
        placeholder="192.168.20.0/24"
        onChange={(range) => onChange({ ...r, range })}
      />
      <TextField
        label={t('range_start')}
        id={`${id}-range_start`}
        value={r.rangeStart}
        onChange={(rangeStart) => onChange({ ...r, rangeStart })}
      />
      <TextField
        label={t('range_end')}
        id={`${id}-range_end`}
        value={r.rangeEnd}
        onChange={(rangeEnd) => onChange({ ...r, rangeEnd })}
      />
      <ListField
        label={t('Exclude (CIDRs)')}
        id={`${id}-exclude`}
        value={r.exclude}
        placeholder="192.168.20.0/30"
        onChange={(exclude) => onChange({ ...r, exclude })}
      />
    </>
  );
}

function WhereaboutsFields({
  v,
  onChange,
}: {
  v: Of<'whereabouts'>;
  onChange: (v: IpamFormValues) => void;
}) {
  const { t } = usePluginTranslation();
  return (
    <>
      <WhereaboutsRange id="ipam-wa" r={v.range} onChange={(range) => onChange({ ...v, range })} />
      <RowList
        testId="ipam-ipRanges"
        items={v.ipRanges}
        onChange={(ipRanges) => onChange({ ...v, ipRanges })}
        create={() => ({ range: '', rangeStart: '', rangeEnd: '', exclude: [] })}
        addLabel={t('Add ipRanges entry')}
        render={(r, update, i) => (
          <WhereaboutsRange id={`ipam-ipRanges-${i}`} r={r} onChange={update} />
        )}
      />
      <TextField
        label={t('network_name')}
        id="ipam-network_name"
        value={v.networkName}
        helper={t('NADs with the same network_name share one pool.')}
        onChange={(networkName) => onChange({ ...v, networkName })}
      />
      <TriStateField
        label={t('enable_overlapping_ranges')}
        id="ipam-enable_overlapping_ranges"
        value={v.enableOverlappingRanges}
        onChange={(enableOverlappingRanges) => onChange({ ...v, enableOverlappingRanges })}
      />
      <TextField
        label={t('Gateway')}
        id="ipam-wa-gateway"
        value={v.gateway}
        onChange={(gateway) => onChange({ ...v, gateway })}
      />
      <RoutesField id="ipam" routes={v.routes} onChange={(routes) => onChange({ ...v, routes })} />
    </>
  );
}

/** IPAM type choice and the editor of the chosen type. */
export function IpamForm({
  value,
  onChange,
}: {
  value: IpamFormValues;
  onChange: (v: IpamFormValues) => void;
}) {
  const { t } = usePluginTranslation();
  const options: { value: IpamFormType | 'other'; label: string }[] = [
    { value: 'none', label: t('None (no IP address)') },
    { value: 'host-local', label: t('host-local (per node ranges)') },
    { value: 'static', label: t('static (fixed addresses)') },
    { value: 'dhcp', label: t('dhcp (DHCP server on the network)') },
    { value: 'whereabouts', label: t('whereabouts (cluster-wide pool)') },
  ];
  if (value.type === 'other') options.push({ value: 'other', label: value.ipamType });
  return (
    <FormSection title={t('IP address management')} data-test="ipam-section">
      <SelectField
        label={t('IPAM type')}
        id="ipam-type"
        value={value.type}
        options={options}
        onChange={(type) => {
          if (type !== 'other' && type !== value.type)
            onChange(getDefaultIpamValues(type as IpamFormType));
        }}
      />
      {value.type === 'host-local' && <HostLocalFields v={value} onChange={onChange} />}
      {value.type === 'static' && <StaticFields v={value} onChange={onChange} />}
      {value.type === 'whereabouts' && <WhereaboutsFields v={value} onChange={onChange} />}
      {value.type === 'dhcp' && (
        <p>
          {t(
            'Addresses come from a DHCP server on the attached network; the CNI dhcp daemon must run on every node.',
          )}
        </p>
      )}
      {value.type === 'other' && (
        <p>
          {t(
            'This IPAM plugin is not edited by the form; its settings are kept as they are. Use the JSON editor to change them.',
          )}
        </p>
      )}
    </FormSection>
  );
}
