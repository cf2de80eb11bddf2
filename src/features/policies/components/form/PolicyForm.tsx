import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  FlexItem,
  Form,
  FormGroup,
  FormSection,
  FormSelect,
  FormSelectOption,
  Label,
  LabelGroup,
  TextInput,
  ToolbarItem,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import type { Node } from '../../../../shared/model/k8s';
import type { NetworkState } from '../../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../../shared/i18n/usePluginTranslation';
import type { Finding } from '../../model/finding';
import type {
  FormInterfaceType,
  InterfaceFormValues,
  PolicyFormValues,
} from '../../model/policyForm';
import { usePagedRows } from '../../../../shared/ui/usePagedRows';
import { FORM_INTERFACE_TYPES } from '../../model/policyForm';
import type { LocatedFinding } from '../../logic/formFindings';
import { getInterfaceFindings } from '../../logic/formFindings';
import { newInterfaceFormValues, newRouteFormValues } from '../../logic/policyForm';
import { matchesNodeSelector } from '../../logic/nodeSelection';
import { CaptureResolution } from '../CaptureResolution';
import {
  FieldFindings,
  fieldStatus,
  formatList,
  NumberField,
  ParsedTextInput,
  parseList,
  useUntilTouched,
} from './inputs';
import { InterfaceCard } from './InterfaceCard';
import { OvnMappingsSection } from './OvnMappingsSection';
import { getDeclaredInterfaces } from '../../logic/interfaceCandidates';
import { DnsOptionsField, PolicySettingsSections, RouteExtraFields } from './SettingsFields';

interface PolicyFormProps {
  values: PolicyFormValues;
  onChange: (v: PolicyFormValues) => void;
  located: LocatedFinding[];
  nodes: Node[];
  states: Map<string, NetworkState | undefined>;
  /** Editing an existing policy: its name cannot change. */
  isEdit: boolean;
  /** The draft's desired state, resolved per node next to the captures. */
  desiredState: NetworkState | undefined;
}

const WORKER_SELECTOR = { key: 'node-role.kubernetes.io/worker', value: '' };
/** Interface cards are heavy (dozens of inputs each); a page of them renders at once. */
const CARDS_PER_PAGE = 20;
const interfaceName = (i: InterfaceFormValues): string => i.name;

export function PolicyForm({
  values,
  onChange,
  located,
  nodes,
  states,
  isEdit,
  desiredState,
}: PolicyFormProps) {
  const { t } = usePluginTranslation();
  const [newType, setNewType] = useState<FormInterfaceType>('ethernet');
  const of = (section: LocatedFinding['target']['section']): Finding[] =>
    located.filter((l) => l.target.section === section).map((l) => l.finding);
  const routeFindings = (i: number): Finding[] =>
    located
      .filter((l) => l.target.section === 'route' && l.target.index === i)
      .map((l) => l.finding);
  const selector = useMemo(
    () => Object.fromEntries(values.nodeSelector.map((r) => [r.key, r.value])),
    [values.nodeSelector],
  );
  const matched = useMemo(
    () => nodes.filter((n) => matchesNodeSelector(n, selector)).map((n) => n.metadata.name),
    [nodes, selector],
  );
  // Name and port fields offer the interfaces of the nodes the selector matches.
  const candidateSource = useMemo(
    () => ({ matched, states, declared: getDeclaredInterfaces(values.interfaces) }),
    [matched, states, values.interfaces],
  );
  const captureMap = useMemo(
    () => Object.fromEntries(values.captures.map((c) => [c.name, c.expression])),
    [values.captures],
  );
  const set = <K extends keyof PolicyFormValues>(key: K, v: PolicyFormValues[K]) =>
    onChange({ ...values, [key]: v });
  // Findings per interface row, grouped once rather than searched per field of every card.
  const byRow = useMemo(() => {
    const out = new Map<number, LocatedFinding[]>();
    for (const l of located)
      if (l.target.section === 'interface') {
        const list = out.get(l.target.index);
        if (list) list.push(l);
        else out.set(l.target.index, [l]);
      }
    return out;
  }, [located]);
  const nameFindings = useUntilTouched(of('name'));
  const [onlyProblems, setOnlyProblems] = useState(false);
  const keepProblems = useCallback(
    (_i: InterfaceFormValues, row: number) => byRow.has(row),
    [byRow],
  );
  const pagedInterfaces = usePagedRows({
    items: values.interfaces,
    perPage: CARDS_PER_PAGE,
    nameOf: interfaceName,
    keep: onlyProblems ? keepProblems : undefined,
    filterLabel: t('Filter interfaces by name'),
    testId: 'form-interfaces',
    extra: (
      <ToolbarItem>
        <Checkbox
          id="form-interfaces-problems"
          label={t('Only interfaces with problems ({{count}})', { count: byRow.size })}
          isChecked={onlyProblems}
          onChange={(_e, v) => setOnlyProblems(v)}
          data-test="form-interfaces-problems"
        />
      </ToolbarItem>
    ),
  });

  return (
    <Form onSubmit={(e) => e.preventDefault()} data-test="policy-form">
      <FormSection title={t('Policy')} titleElement="h2">
        <FormGroup label={t('Name')} isRequired fieldId="policy-name">
          <TextInput
            id="policy-name"
            data-test="policy-name"
            value={values.name}
            isDisabled={isEdit}
            validated={fieldStatus(nameFindings.shown)}
            onBlur={nameFindings.touch}
            onChange={(_e, v) => {
              nameFindings.touch();
              set('name', v);
            }}
          />
          <FieldFindings findings={nameFindings.shown} />
        </FormGroup>
        <FormGroup label={t('Description')} fieldId="policy-description">
          <TextInput
            id="policy-description"
            data-test="policy-description"
            value={values.description}
            onChange={(_e, v) => set('description', v)}
          />
        </FormGroup>
      </FormSection>

      <FormSection title={t('Nodes')} titleElement="h2">
        <FormGroup label={t('Node selector')} fieldId="node-selector-0-key">
          {values.nodeSelector.map((row, i) => (
            <Flex key={i} className="pf-v6-u-mb-sm" flexWrap={{ default: 'nowrap' }}>
              <FlexItem grow={{ default: 'grow' }}>
                <TextInput
                  id={`node-selector-${i}-key`}
                  data-test={`node-selector-${i}-key`}
                  aria-label={t('Label key')}
                  placeholder={t('Label key')}
                  value={row.key}
                  onChange={(_e, v) =>
                    set(
                      'nodeSelector',
                      values.nodeSelector.map((r, j) => (j === i ? { ...r, key: v } : r)),
                    )
                  }
                />
              </FlexItem>
              <FlexItem grow={{ default: 'grow' }}>
                <TextInput
                  id={`node-selector-${i}-value`}
                  data-test={`node-selector-${i}-value`}
                  aria-label={t('Label value')}
                  placeholder={t('Label value (may be empty)')}
                  value={row.value}
                  onChange={(_e, v) =>
                    set(
                      'nodeSelector',
                      values.nodeSelector.map((r, j) => (j === i ? { ...r, value: v } : r)),
                    )
                  }
                />
              </FlexItem>
              <FlexItem>
                <Button
                  variant="plain"
                  aria-label={t('Remove label')}
                  icon={<MinusCircleIcon />}
                  onClick={() =>
                    set(
                      'nodeSelector',
                      values.nodeSelector.filter((_, j) => j !== i),
                    )
                  }
                />
              </FlexItem>
            </Flex>
          ))}
          <Flex>
            <Button
              variant="link"
              icon={<PlusCircleIcon />}
              data-test="node-selector-add"
              onClick={() => set('nodeSelector', [...values.nodeSelector, { key: '', value: '' }])}
            >
              {t('Add label')}
            </Button>
            <Button
              variant="link"
              data-test="node-selector-workers"
              onClick={() => set('nodeSelector', [WORKER_SELECTOR])}
            >
              {t('All workers')}
            </Button>
          </Flex>
          <FieldFindings findings={of('nodeSelector')} />
          <div data-test="matched-preview" className="pf-v6-u-mt-sm">
            {t('Matches {{count}} of {{total}} nodes', {
              count: matched.length,
              total: nodes.length,
            })}{' '}
            <LabelGroup numLabels={8}>
              {matched.map((n) => (
                <Label key={n} isCompact>
                  {n}
                </Label>
              ))}
            </LabelGroup>
          </div>
        </FormGroup>
        <FormGroup label={t('Max unavailable')} fieldId="max-unavailable">
          <TextInput
            id="max-unavailable"
            data-test="max-unavailable"
            placeholder={t('50% (default)')}
            value={values.maxUnavailable}
            validated={fieldStatus(of('maxUnavailable'))}
            onChange={(_e, v) => set('maxUnavailable', v)}
          />
          <FieldFindings findings={of('maxUnavailable')} />
        </FormGroup>
      </FormSection>

      <FormSection title={t('Interfaces')} titleElement="h2">
        {values.preservedInterfaces.length > 0 && (
          <Alert
            variant="info"
            isInline
            isPlain
            data-test="preserved-interfaces"
            title={t('Kept as they are (edit them in YAML): {{names}}', {
              names: values.preservedInterfaces.map((p) => `${p.name} (${p.type})`).join(', '),
            })}
          />
        )}
        {pagedInterfaces.controls}
        {pagedInterfaces.rows.length === 0 && values.interfaces.length > 0 && (
          <p data-test="form-interfaces-none">{t('No interface matches the filter')}</p>
        )}
        {pagedInterfaces.rows.map(({ item: iface, index: i }) => (
          <InterfaceCard
            key={i}
            index={i}
            value={iface}
            candidateSource={candidateSource}
            findingsFor={(prefix) => getInterfaceFindings(byRow.get(i) ?? [], i, prefix)}
            onChange={(v) =>
              set(
                'interfaces',
                values.interfaces.map((x, j) => (j === i ? v : x)),
              )
            }
            onRemove={() =>
              set(
                'interfaces',
                values.interfaces.filter((_, j) => j !== i),
              )
            }
          />
        ))}
        {pagedInterfaces.footer}
        <Flex>
          <FlexItem>
            <FormSelect
              id="new-interface-type"
              data-test="new-interface-type"
              aria-label={t('Interface type')}
              value={newType}
              onChange={(_e, v) => setNewType(v as FormInterfaceType)}
            >
              {FORM_INTERFACE_TYPES.map((type) => (
                <FormSelectOption key={type} value={type} label={type} />
              ))}
            </FormSelect>
          </FlexItem>
          <FlexItem>
            <Button
              variant="secondary"
              icon={<PlusCircleIcon />}
              data-test="add-interface"
              onClick={() => {
                set('interfaces', [...values.interfaces, newInterfaceFormValues(newType)]);
                // Show the new card, wherever the list was paged or filtered to.
                setOnlyProblems(false);
                pagedInterfaces.showIndex(values.interfaces.length);
              }}
            >
              {t('Add interface')}
            </Button>
          </FlexItem>
        </Flex>
      </FormSection>

      <FormSection title={t('Routes')} titleElement="h2">
        {values.routes.map((r, i) => (
          <div key={i} data-test={`route-${i}`}>
            <Flex flexWrap={{ default: 'nowrap' }}>
              <FlexItem grow={{ default: 'grow' }}>
                <TextInput
                  id={`route-${i}-destination`}
                  data-test={`route-${i}-destination`}
                  aria-label={t('Destination')}
                  placeholder={t('Destination, e.g. 198.51.100.0/24')}
                  value={r.destination}
                  onChange={(_e, v) =>
                    set(
                      'routes',
                      values.routes.map((x, j) => (j === i ? { ...x, destination: v } : x)),
                    )
                  }
                />
              </FlexItem>
              <FlexItem grow={{ default: 'grow' }}>
                <TextInput
                  id={`route-${i}-via`}
                  data-test={`route-${i}-via`}
                  aria-label={t('Next-hop address')}
                  placeholder={t('Next-hop address')}
                  value={r.nextHopAddress}
                  onChange={(_e, v) =>
                    set(
                      'routes',
                      values.routes.map((x, j) => (j === i ? { ...x, nextHopAddress: v } : x)),
                    )
                  }
                />
              </FlexItem>
              <FlexItem>
                <TextInput
                  id={`route-${i}-dev`}
                  data-test={`route-${i}-dev`}
                  aria-label={t('Next-hop interface')}
                  placeholder={t('Next-hop interface')}
                  value={r.nextHopInterface}
                  onChange={(_e, v) =>
                    set(
                      'routes',
                      values.routes.map((x, j) => (j === i ? { ...x, nextHopInterface: v } : x)),
                    )
                  }
                />
              </FlexItem>
              <FlexItem>
                <NumberField
                  id={`route-${i}-metric`}
                  testId={`route-${i}-metric`}
                  ariaLabel={t('Metric')}
                  placeholder={t('Metric')}
                  value={r.metric}
                  onChange={(metric) =>
                    set(
                      'routes',
                      values.routes.map((x, j) => (j === i ? { ...x, metric } : x)),
                    )
                  }
                />
              </FlexItem>
              <FlexItem>
                <NumberField
                  id={`route-${i}-table`}
                  testId={`route-${i}-table`}
                  ariaLabel={t('Table ID')}
                  placeholder={t('Table ID')}
                  value={r.tableId}
                  onChange={(tableId) =>
                    set(
                      'routes',
                      values.routes.map((x, j) => (j === i ? { ...x, tableId } : x)),
                    )
                  }
                />
              </FlexItem>
              <FlexItem>
                <FormSelect
                  id={`route-${i}-state`}
                  aria-label={t('Route change')}
                  value={r.absent ? 'absent' : 'present'}
                  onChange={(_e, v) =>
                    set(
                      'routes',
                      values.routes.map((x, j) => (j === i ? { ...x, absent: v === 'absent' } : x)),
                    )
                  }
                >
                  <FormSelectOption value="present" label={t('Add')} />
                  <FormSelectOption value="absent" label={t('Remove')} />
                </FormSelect>
              </FlexItem>
              <FlexItem>
                <Button
                  variant="plain"
                  aria-label={t('Remove route')}
                  icon={<MinusCircleIcon />}
                  onClick={() =>
                    set(
                      'routes',
                      values.routes.filter((_, j) => j !== i),
                    )
                  }
                />
              </FlexItem>
            </Flex>
            <RouteExtraFields
              id={`route-${i}`}
              value={r}
              onChange={(next) =>
                set(
                  'routes',
                  values.routes.map((x, j) => (j === i ? next : x)),
                )
              }
            />
            <FieldFindings findings={routeFindings(i)} />
          </div>
        ))}
        <Button
          variant="link"
          icon={<PlusCircleIcon />}
          data-test="add-route"
          onClick={() => set('routes', [...values.routes, newRouteFormValues()])}
        >
          {t('Add route')}
        </Button>
      </FormSection>

      <FormSection title={t('DNS')} titleElement="h2">
        <FormGroup label={t('Servers')} fieldId="dns-servers">
          <ParsedTextInput
            id="dns-servers"
            testId="dns-servers"
            ariaLabel={t('Servers')}
            placeholder={t('e.g. 192.0.2.53, 2001:db8::53')}
            value={values.dns.servers}
            format={formatList}
            parse={parseList}
            onChange={(servers) => set('dns', { ...values.dns, servers })}
          />
        </FormGroup>
        <FormGroup label={t('Search domains')} fieldId="dns-search">
          <ParsedTextInput
            id="dns-search"
            testId="dns-search"
            ariaLabel={t('Search domains')}
            placeholder={t('e.g. example.com')}
            value={values.dns.search}
            format={formatList}
            parse={parseList}
            onChange={(search) => set('dns', { ...values.dns, search })}
          />
        </FormGroup>
        <DnsOptionsField
          value={values.settings.dnsOptions}
          onChange={(dnsOptions) => set('settings', { ...values.settings, dnsOptions })}
        />
        <FieldFindings findings={of('dns')} />
      </FormSection>

      <OvnMappingsSection
        value={values.ovnBridgeMappings}
        onChange={(m) => set('ovnBridgeMappings', m)}
        findings={located
          .map((l) => l.finding)
          .filter((f) => f.path.startsWith('spec.desiredState.ovn'))}
      />

      <FormSection title={t('Route rules and hostname')} titleElement="h2">
        <PolicySettingsSections
          value={values.settings}
          onChange={(settings) => set('settings', settings)}
          findingsOf={(section, index) =>
            located
              .filter(
                (l) =>
                  l.target.section === section &&
                  (!('index' in l.target) || l.target.index === index),
              )
              .map((l) => l.finding)
          }
        />
      </FormSection>

      <FormSection title={t('Captures')} titleElement="h2">
        {isEdit && values.captures.length > 0 && (
          <Alert
            variant="info"
            isInline
            isPlain
            title={t(
              'Captures cannot be changed once a policy exists; clone the policy to change them.',
            )}
          />
        )}
        {values.captures.map((c, i) => (
          <Flex key={i} flexWrap={{ default: 'nowrap' }} className="pf-v6-u-mb-sm">
            <FlexItem>
              <TextInput
                id={`capture-${i}-name`}
                data-test={`capture-${i}-name`}
                aria-label={t('Capture name')}
                placeholder={t('Capture name')}
                value={c.name}
                onChange={(_e, v) =>
                  set(
                    'captures',
                    values.captures.map((x, j) => (j === i ? { ...x, name: v } : x)),
                  )
                }
              />
            </FlexItem>
            <FlexItem grow={{ default: 'grow' }}>
              <TextInput
                id={`capture-${i}-expression`}
                data-test={`capture-${i}-expression`}
                aria-label={t('Expression')}
                placeholder={t('e.g. routes.running.destination=="0.0.0.0/0"')}
                value={c.expression}
                onChange={(_e, v) =>
                  set(
                    'captures',
                    values.captures.map((x, j) => (j === i ? { ...x, expression: v } : x)),
                  )
                }
              />
            </FlexItem>
            <FlexItem>
              <Button
                variant="plain"
                aria-label={t('Remove capture')}
                icon={<MinusCircleIcon />}
                onClick={() =>
                  set(
                    'captures',
                    values.captures.filter((_, j) => j !== i),
                  )
                }
              />
            </FlexItem>
          </Flex>
        ))}
        <Button
          variant="link"
          icon={<PlusCircleIcon />}
          data-test="add-capture"
          onClick={() => set('captures', [...values.captures, { name: '', expression: '' }])}
        >
          {t('Add capture')}
        </Button>
        <FieldFindings findings={of('capture')} />
        {values.captures.length > 0 && (
          <CaptureResolution
            capture={captureMap}
            desiredState={desiredState}
            nodes={matched}
            states={states}
            testId="form-capture-resolution"
          />
        )}
      </FormSection>
    </Form>
  );
}
