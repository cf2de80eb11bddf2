// The filter toolbar. Text fields apply as the user types, once typing pauses (TYPING_PAUSE_MS:
// one URL change and one graph per pause, not per keystroke), and at once on Enter or blur;
// type, state and the switches apply at once. Values inside a field are
// alternatives, separated by commas, as the URL filter format defines.
import { memo, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Checkbox,
  HelperText,
  HelperTextItem,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  Switch,
  TextInput,
  ToggleGroup,
  ToggleGroupItem,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { TopologyFilterError } from '../logic/filter';
import { isEmptyTopologyFilter, parseTopologyFilter } from '../logic/filter';
import { INTERFACE_STATES, KNOWN_INTERFACE_TYPES } from '../model/types';
import type { TopologyFilter } from '../model/types';
import type { TopologyViewMode } from './useTopologyUrlState';

type TextKey = 'node' | 'label' | 'ip' | 'mac' | 'lldp' | 'vlan' | 'policy';

function toText(filter: TopologyFilter, key: TextKey): string {
  const v = filter[key];
  return v ? v.map(String).join(', ') : '';
}

/**
 * Applies one text field. Values go to the URL as typed (only VLAN ids must be numbers), so the
 * URL parser reports the invalid ones and the page shows why they match nothing.
 */
function without(filter: TopologyFilter, key: keyof TopologyFilter): TopologyFilter {
  const next: TopologyFilter = {};
  for (const [k, v] of Object.entries(filter))
    if (k !== key) Object.assign(next, { [k]: v as unknown });
  return next;
}

function withText(filter: TopologyFilter, key: TextKey, text: string): TopologyFilter {
  const next = without(filter, key);
  const values = text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (key === 'vlan') {
    const parsed = parseTopologyFilter(new URLSearchParams({ vlan: values.join(',') }).toString());
    if (parsed.filter.vlan) next.vlan = parsed.filter.vlan;
    return next;
  }
  if (values.length > 0) next[key] = values;
  return next;
}

interface FilterFieldProps {
  field: TextKey;
  label: string;
  placeholder: string;
  filter: TopologyFilter;
  onChange: (filter: TopologyFilter) => void;
}

/**
 * How long typing must pause before a text filter applies. Long enough that a name typed at
 * speed builds one graph, short enough to read as immediate.
 */
export const TYPING_PAUSE_MS = 250;

function FilterField({ field, label, placeholder, filter, onChange }: FilterFieldProps) {
  const applied = toText(filter, field);
  const [draft, setDraft] = useState(applied);
  // The URL's form of the draft ("a," is "a"): what the draft would apply as.
  const normalized = toText(withText(filter, field, draft), field);
  // Follow the URL (back, a link, "clear filters") but never rewrite what is being typed when
  // it already applies as what the URL says.
  useEffect(() => {
    setDraft((d) => (toText(withText(filter, field, d), field) === applied ? d : applied));
    // Only a change of the applied value may reset the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied]);
  const apply = () => {
    if (normalized !== applied) onChange(withText(filter, field, draft));
  };
  // The pause ends with whatever the other fields say then, not when typing began.
  const latest = useRef({ filter, onChange });
  latest.current = { filter, onChange };
  useEffect(() => {
    if (normalized === applied) return undefined;
    const timer = window.setTimeout(() => {
      const now = latest.current;
      const next = withText(now.filter, field, draft);
      if (toText(next, field) !== toText(now.filter, field)) now.onChange(next);
    }, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
    // The draft is the trigger; everything else is read when the pause ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);
  return (
    <ToolbarItem>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          apply();
        }}
      >
        <TextInput
          type="search"
          aria-label={label}
          placeholder={placeholder}
          value={draft}
          onChange={(_e, v) => setDraft(v)}
          onBlur={apply}
          data-test={`filter-${field}`}
        />
      </form>
    </ToolbarItem>
  );
}

interface MultiSelectProps {
  field: 'type' | 'state';
  label: string;
  options: readonly string[];
  filter: TopologyFilter;
  onChange: (filter: TopologyFilter) => void;
}

function MultiSelectFilter({ field, label, options, filter, onChange }: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const chosen = filter[field] ?? [];
  const toggle = (value: string) => {
    const next = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
    const f = without(filter, field);
    if (next.length > 0) f[field] = next;
    onChange(f);
  };
  return (
    <ToolbarItem>
      <Select
        isOpen={open}
        onOpenChange={setOpen}
        onSelect={(_e, v) => {
          if (typeof v === 'string') toggle(v);
        }}
        toggle={(ref) => (
          <MenuToggle
            ref={ref}
            onClick={() => setOpen((o) => !o)}
            isExpanded={open}
            badge={chosen.length > 0 ? String(chosen.length) : undefined}
            data-test={`filter-${field}`}
          >
            {label}
          </MenuToggle>
        )}
      >
        <SelectList aria-label={label}>
          {options.map((o) => (
            <SelectOption
              key={o}
              value={o}
              hasCheckbox
              isSelected={chosen.includes(o)}
              data-test={`filter-${field}-${o}`}
            >
              {o}
            </SelectOption>
          ))}
        </SelectList>
      </Select>
    </ToolbarItem>
  );
}

type TFunction = ReturnType<typeof usePluginTranslation>['t'];

/** A value as the warning quotes it: a pasted pattern may be thousands of characters long. */
function quoted(value: string): string {
  return value.length > QUOTE_MAX ? `${value.slice(0, QUOTE_MAX)}…` : value;
}
const QUOTE_MAX = 40;

function filterErrorText(t: TFunction, e: TopologyFilterError): string {
  const p = { ...e.params, value: quoted(e.params.value) };
  switch (e.code) {
    case 'filter.invalidIp':
      return t('"{{value}}" is not an IP address or CIDR and was ignored', p);
    case 'filter.invalidMac':
      return t('"{{value}}" is not a MAC address and was ignored', p);
    case 'filter.invalidVlan':
      return t('"{{value}}" is not a VLAN id (1-4094) and was ignored', p);
    case 'filter.patternTooLong':
      return t(
        'The node name pattern "{{value}}" is longer than {{max}} characters, the longest a node name can be, and was ignored',
        p,
      );
    case 'filter.tooManyValues':
      return t(
        'The link has {{value}} values for {{key}}; only the first {{max}} in alphabetical order are used',
        p,
      );
    default:
      return t('"{{value}}" is not a valid value for {{key}} and was ignored', p);
  }
}

interface TopologyToolbarProps {
  filter: TopologyFilter;
  errors: TopologyFilterError[];
  onFilterChange: (filter: TopologyFilter) => void;
  view: TopologyViewMode;
  onViewChange: (view: TopologyViewMode) => void;
  showInternal: boolean;
  hiddenInternal: number;
  onShowInternalChange: (show: boolean) => void;
  /** Hide the node name and label fields (a per-node view shows one node). */
  singleNode?: boolean;
}

// Memoised: the explorer re-renders on every graph change (expand, live event); the toolbar's
// inputs rarely change with it.
export const TopologyToolbar = memo(function TopologyToolbar({
  filter,
  errors,
  onFilterChange,
  view,
  onViewChange,
  showInternal,
  hiddenInternal,
  onShowInternalChange,
  singleNode,
}: TopologyToolbarProps) {
  const { t } = usePluginTranslation();
  const field = (key: TextKey, label: string, placeholder: string) => (
    <FilterField
      key={key}
      field={key}
      label={label}
      placeholder={placeholder}
      filter={filter}
      onChange={onFilterChange}
    />
  );
  return (
    <>
      <Toolbar data-test="topology-toolbar" clearAllFilters={() => onFilterChange({})}>
        <ToolbarContent>
          <ToolbarGroup variant="filter-group">
            {!singleNode && field('node', t('Node name'), t('Node name or glob'))}
            {!singleNode && field('label', t('Node label'), t('Label, key=value'))}
            <MultiSelectFilter
              field="type"
              label={t('Type')}
              options={KNOWN_INTERFACE_TYPES}
              filter={filter}
              onChange={onFilterChange}
            />
            <MultiSelectFilter
              field="state"
              label={t('State')}
              options={INTERFACE_STATES}
              filter={filter}
              onChange={onFilterChange}
            />
            {field('ip', t('IP address or CIDR'), t('IP or CIDR (IPv4/IPv6)'))}
            {field('mac', t('MAC address'), t('MAC address'))}
            {field('lldp', t('LLDP system name'), t('LLDP system name'))}
            {field('vlan', t('VLAN'), t('VLAN id'))}
            {field('policy', t('Managed by policy'), t('Policy name'))}
          </ToolbarGroup>
          <ToolbarGroup>
            <ToolbarItem>
              <Checkbox
                id="sb-topology-failing"
                label={t('Failing only')}
                isChecked={filter.failing === true}
                onChange={(_e, checked) => {
                  const f: TopologyFilter = { ...filter };
                  if (checked) f.failing = true;
                  else delete f.failing;
                  onFilterChange(f);
                }}
                data-test="filter-failing"
              />
            </ToolbarItem>
            <ToolbarItem>
              <Switch
                id="sb-topology-internal"
                label={
                  showInternal
                    ? t('Hide internal interfaces')
                    : t('Show {{count}} internal interfaces', { count: hiddenInternal })
                }
                isChecked={showInternal}
                onChange={(_e, checked) => onShowInternalChange(checked)}
                data-test="toggle-internal"
              />
            </ToolbarItem>
            {!isEmptyTopologyFilter(filter) && (
              <ToolbarItem>
                <Button variant="link" onClick={() => onFilterChange({})} data-test="clear-filters">
                  {t('Clear filters')}
                </Button>
              </ToolbarItem>
            )}
          </ToolbarGroup>
          <ToolbarItem align={{ default: 'alignEnd' }}>
            <ToggleGroup aria-label={t('View')}>
              <ToggleGroupItem
                text={t('Graph')}
                isSelected={view === 'graph'}
                onChange={() => onViewChange('graph')}
                data-test="view-graph"
              />
              <ToggleGroupItem
                text={t('Table')}
                isSelected={view === 'table'}
                onChange={() => onViewChange('table')}
                data-test="view-table"
              />
            </ToggleGroup>
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      {errors.length > 0 && (
        <HelperText data-test="filter-errors">
          {errors.map((e) => (
            <HelperTextItem
              key={`${e.code}:${e.params.key}:${e.params.value}`}
              variant="warning"
              data-test={`filter-error-${e.code}`}
            >
              {filterErrorText(t, e)}
            </HelperTextItem>
          ))}
        </HelperText>
      )}
    </>
  );
});
