// `@console/internal/components/factory/ListPage/ListPageFilter`: the SDK's ListPageFilter.
// Follows openshift/console release-4.22 frontend/public/components/factory/ListPage/
// ListPageFilter.tsx and the FilterToolbar it renders (frontend/public/components/
// filter-toolbar.tsx, useRowFilterFix.ts, useLabelSelectionFix.ts, autocomplete.tsx,
// factory/text-filter.tsx):
// - nothing is shown until the data has loaded and is not empty;
// - a "Filter" dropdown (`data-test-id="filter-dropdown-toggle"`) lists each row filter's items
//   in a group named by its `filterGroupName`, each a checkbox option
//   (`data-test-row-filter=<id>`) with the number of objects it matches (`isMatch`, or the
//   `reducer`'s value counts); `hideIfEmpty` items with no object are left out. The selection is
//   in the URL, one parameter per row filter, `rowFilter-<type>=<id>,<id>`, and starts from
//   `defaultSelected` when the URL names none; each change reports
//   `{ selected, all }` (the item ids) for every row filter;
// - a text box filters by name (`name=<text>` in the URL, reported after 250 ms as
//   `{ selected: [text] }` under `nameFilter`, default `name`); a Name/Label switch turns it into
//   the label box, which suggests up to 5 of the data's labels (`key=value`, fuzzy-matched, from
//   `labelPath`) and adds the one clicked: the labels are `labels=<l1>,<l2>` in the URL and
//   reported as `{ all: [...] }` under `labelFilter`, default `labels`;
// - the chosen filters show as removable chips, with "Clear all filters";
// - `columnLayout` adds the "Manage columns" button (`data-test="manage-columns"`), unless
//   `hideColumnManagement`;
// - the filters the URL names apply when the toolbar mounts and whenever the URL changes them.
// Query parameters change with history replace, as useQueryParamsMutator does upstream.
// Not implemented (no Switchboard list uses them): `rowSearchFilters` and several toolbars on
// one page (`uniqueFilterName`).
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  Badge,
  Button,
  Label,
  MenuToggle,
  Select,
  SelectGroup,
  SelectList,
  SelectOption,
  TextInput,
  Toolbar,
  ToolbarContent,
  ToolbarFilter,
  ToolbarGroup,
  ToolbarItem,
  ToolbarToggleGroup,
  Tooltip,
} from '@patternfly/react-core';
import { ColumnsIcon, FilterIcon } from '@patternfly/react-icons';
import type {
  ListPageFilterProps,
  RowFilter,
  RowMatchFilter,
  RowReducerFilter,
} from '@openshift-console/dynamic-plugin-sdk';
import { ColumnManagementModal } from '../../modals/column-management-modal';
import { fuzzyCaseInsensitive, labelsAsStrings } from '../table-filters';

const ROW_FILTER_PREFIX = 'rowFilter-';
const MAX_SUGGESTIONS = 5;

type FilterKind = 'NAME' | 'LABEL';

const splitParam = (v: string | null): string[] => (v ? v.split(',').filter(Boolean) : []);

/** Sets (or, for '', removes) query parameters in one history replace. */
function useQueryMutator() {
  const navigate = useNavigate();
  return useCallback(
    (updates: Record<string, string>) => {
      const { pathname, search, hash } = window.location;
      const sp = new URLSearchParams(search);
      let changed = false;
      for (const [k, v] of Object.entries(updates)) {
        if ((sp.get(k) ?? '') === v) continue;
        changed = true;
        if (v === '') sp.delete(k);
        else sp.set(k, v);
      }
      if (!changed) return;
      const query = sp.toString();
      void navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, {
        replace: true,
        state: (window.history.state as { usr?: unknown } | null)?.usr,
      });
    },
    [navigate],
  );
}

interface CountedItem {
  id: string;
  title: string;
  hideIfEmpty?: string;
  count: number;
}

function LabelSuggestions({
  data,
  labelPath,
  text,
  setText,
  placeholder,
  onSelect,
}: {
  data: unknown[];
  labelPath?: string;
  text: string;
  setText: (v: string) => void;
  placeholder: string;
  onSelect: (label: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  const suggestions = useMemo(() => {
    if (!visible || !text.trim()) return [];
    const all = new Set<string>();
    data.forEach((d) => labelsAsStrings(d, labelPath).forEach((l) => all.add(l)));
    const query = text.trim().replace(/\s*=\s*/, '=');
    return [...all].filter((l) => fuzzyCaseInsensitive(query, l)).slice(0, MAX_SUGGESTIONS);
  }, [visible, text, data, labelPath]);
  return (
    <div className="co-suggestion-box">
      <TextInput
        type="text"
        value={text}
        onChange={(_e, v) => {
          setVisible(v !== '');
          setText(v);
        }}
        onFocus={() => text.trim() && setVisible(true)}
        onKeyDown={(e) => e.key === 'Escape' && setVisible(false)}
        placeholder={placeholder}
        aria-label={placeholder}
        data-test-id="item-filter"
        data-test="label-filter-input"
      />
      {suggestions.length > 0 && (
        <SelectList className="co-suggestion-box__suggestions co-suggestion-box__suggestions--shadowed">
          {suggestions.map((s) => (
            <div key={s}>
              <Label
                variant="outline"
                color="purple"
                data-test="suggestion-line"
                onClick={() => {
                  onSelect(s);
                  setVisible(false);
                }}
              >
                {s}
              </Label>
            </div>
          ))}
        </SelectList>
      )}
    </div>
  );
}

function FilterToolbar<D>({
  data,
  rowFilters,
  labelFilter = 'labels',
  labelPath,
  nameFilterTitle,
  nameFilterPlaceholder,
  labelFilterPlaceholder,
  hideNameLabelFilters,
  hideLabelFilter,
  columnLayout,
  onFilterChange,
  hideColumnManagement,
  nameFilter = 'name',
}: ListPageFilterProps<D>) {
  const location = useLocation();
  const setQuery = useQueryMutator();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const items = useMemo(() => (Array.isArray(data) ? (data as unknown[]) : []), [data]);
  const nameTitle = nameFilterTitle ?? 'Name';

  const [nameText, setNameText] = useState(params.get(nameFilter) ?? '');
  const [labelText, setLabelText] = useState('');
  const [kind, setKind] = useState<FilterKind>('NAME');
  const [kindOpen, setKindOpen] = useState(false);
  const [rowOpen, setRowOpen] = useState(false);
  const [managing, setManaging] = useState(false);

  // Each row filter's items with how many objects they match.
  const groups = useMemo(
    () =>
      ((rowFilters ?? []) as RowFilter[]).map((rf) => {
        const match = (rf as Partial<RowMatchFilter>).isMatch;
        const reducer = (rf as Partial<RowReducerFilter>).reducer;
        const byValue = new Map<string, number>();
        if (!match && reducer)
          items.forEach((d) => {
            const v = String(reducer(d));
            byValue.set(v, (byValue.get(v) ?? 0) + 1);
          });
        const counted: CountedItem[] = rf.items.map((item) => ({
          ...item,
          count: match
            ? items.filter((d) => match(d, item.id)).length
            : (byValue.get(item.id) ?? 0),
        }));
        return { rf, items: counted, key: `${ROW_FILTER_PREFIX}${rf.type}` };
      }),
    [rowFilters, items],
  );
  const defaults = useMemo(
    () => [...new Set(groups.flatMap((g) => g.rf.defaultSelected ?? []))],
    [groups],
  );
  const titles = useMemo(
    () => new Map(groups.flatMap((g) => g.items.map((i) => [i.id, i.title] as const))),
    [groups],
  );

  const urlRowSelection = useMemo(
    () => groups.flatMap((g) => splitParam(params.get(g.key))),
    [groups, params],
  );
  const urlNamesAny = groups.some((g) => params.has(g.key));
  const [selected, setSelected] = useState<string[]>(() =>
    urlNamesAny ? urlRowSelection : defaults,
  );
  const urlLabels = useMemo(() => splitParam(params.get(labelFilter)), [params, labelFilter]);
  const [labels, setLabels] = useState<string[]>(urlLabels);

  const applyRowFilters = useCallback(
    (sel: readonly string[]) => {
      for (const g of groups) {
        const all = g.items.map((i) => i.id);
        onFilterChange(g.rf.type, {
          selected: [...new Set(sel.filter((s) => all.includes(s)))],
          all,
        });
      }
    },
    [groups, onFilterChange],
  );
  const rowQuery = useCallback(
    (sel: readonly string[]) =>
      Object.fromEntries(
        groups.map((g) => [g.key, sel.filter((s) => g.items.some((i) => i.id === s)).join(',')]),
      ),
    [groups],
  );

  const setRowSelection = (next: string[]) => {
    setSelected(next);
    setQuery(rowQuery(next));
    applyRowFilters(next);
  };
  const toggleRowItems = (ids: string[]) =>
    setRowSelection([
      ...selected.filter((s) => !ids.includes(s)),
      ...ids.filter((id) => !selected.includes(id)),
    ]);

  const applyLabels = (values: string[]) => {
    setLabelText('');
    setLabels(values);
    setQuery({ [labelFilter]: values.join(',') });
    onFilterChange(labelFilter, { all: values });
  };

  const applyName = useCallback(
    (value: string) => {
      setQuery({ [nameFilter]: value });
      onFilterChange(nameFilter, { selected: [value] });
    },
    [setQuery, onFilterChange, nameFilter],
  );
  const nameTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(nameTimer.current), []);
  const onNameInput = (value: string) => {
    setNameText(value);
    clearTimeout(nameTimer.current);
    nameTimer.current = setTimeout(() => applyName(value), 250);
  };

  const clearAll = () => {
    clearTimeout(nameTimer.current);
    setSelected([]);
    setLabels([]);
    setNameText('');
    setLabelText('');
    const showNameLabel = !hideNameLabelFilters;
    setQuery({
      ...rowQuery([]),
      ...(showNameLabel ? { [nameFilter]: '' } : {}),
      ...(showNameLabel || !hideLabelFilter ? { [labelFilter]: '' } : {}),
    });
    applyRowFilters([]);
    if (showNameLabel) onFilterChange(nameFilter, { selected: [''] });
    if (showNameLabel || !hideLabelFilter) onFilterChange(labelFilter, { all: [] });
  };

  // On mount: the URL's filters (or the row filters' defaults, written into the URL) apply.
  useEffect(() => {
    if (!hideNameLabelFilters || !hideLabelFilter) onFilterChange(labelFilter, { all: labels });
    if (!hideNameLabelFilters) onFilterChange(nameFilter, { selected: [nameText] });
    if (groups.length > 0) {
      if (!urlNamesAny && defaults.length > 0) setQuery(rowQuery(selected));
      applyRowFilters(selected);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The URL changed under the toolbar (a link to the filtered list, back/forward): follow it.
  const rowKey = urlRowSelection.join(',');
  const labelKey = urlLabels.join(',');
  useEffect(() => {
    if (urlNamesAny && rowKey !== selected.join(',')) {
      setSelected(urlRowSelection);
      applyRowFilters(urlRowSelection);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowKey]);
  useEffect(() => {
    if (labelKey !== labels.join(',')) {
      setLabels(urlLabels);
      onFilterChange(labelFilter, { all: urlLabels });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labelKey]);

  const showNameLabel = !hideNameLabelFilters;
  const kinds: Partial<Record<FilterKind, string>> = {};
  if (!hideLabelFilter && showNameLabel) kinds.LABEL = 'Label';
  if (showNameLabel) kinds.NAME = nameTitle;
  const kindTitle = kind === 'NAME' ? nameTitle : 'Label';

  const rowDropdown: ReactNode = (
    <div data-test-id="filter-dropdown-toggle">
      <Select
        role="menu"
        isOpen={rowOpen}
        onOpenChange={setRowOpen}
        onSelect={(_e, value) => toggleRowItems([String(value)])}
        selected={selected}
        maxMenuHeight="60vh"
        isScrollable
        toggle={(ref) => (
          <MenuToggle ref={ref} onClick={() => setRowOpen((o) => !o)} isExpanded={rowOpen}>
            <span>
              <FilterIcon className="span--icon__right-margin" /> Filter
            </span>
          </MenuToggle>
        )}
      >
        <SelectList data-test="filter-dropdown-list">
          {groups.map((g) => (
            <SelectGroup key={g.key} label={g.rf.filterGroupName}>
              {g.items.map((item) =>
                item.hideIfEmpty && item.count === 0 ? (
                  <Fragment key={item.id} />
                ) : (
                  <SelectOption
                    key={item.id}
                    id={item.id}
                    value={item.id}
                    hasCheckbox
                    isSelected={selected.includes(item.id)}
                    data-test-row-filter={item.id}
                  >
                    <span className="co-filter-dropdown-item__name">{item.title}</span>{' '}
                    <Badge isRead>{item.count}</Badge>
                  </SelectOption>
                ),
              )}
            </SelectGroup>
          ))}
        </SelectList>
      </Select>
    </div>
  );

  return (
    <>
      <Toolbar
        className="pf-m-toggle-group-container"
        data-test="filter-toolbar"
        id="filter-toolbar"
        clearAllFilters={clearAll}
        clearFiltersButtonText="Clear all filters"
      >
        <ToolbarContent>
          {(groups.length > 0 || showNameLabel) && (
            <ToolbarToggleGroup toggleIcon={<FilterIcon />} breakpoint="md">
              {groups.length > 0 && (
                <ToolbarItem>
                  {groups.reduce<ReactNode>(
                    (inner, g) => (
                      <ToolbarFilter
                        key={g.key}
                        categoryName={g.rf.filterGroupName}
                        labels={selected
                          .filter((s) => g.items.some((i) => i.id === s))
                          .map((s) => ({ key: s, node: titles.get(s) ?? s }))}
                        deleteLabel={(_c, chip) =>
                          toggleRowItems([typeof chip === 'string' ? chip : chip.key])
                        }
                        deleteLabelGroup={() =>
                          toggleRowItems(selected.filter((s) => g.items.some((i) => i.id === s)))
                        }
                      >
                        {inner}
                      </ToolbarFilter>
                    ),
                    rowDropdown,
                  )}
                </ToolbarItem>
              )}
              {Object.keys(kinds).length > 0 && (
                <ToolbarItem>
                  <ToolbarFilter
                    categoryName="Label"
                    labels={labels}
                    deleteLabel={(_c, chip) =>
                      applyLabels(
                        labels.filter((l) => l !== (typeof chip === 'string' ? chip : chip.key)),
                      )
                    }
                    deleteLabelGroup={() => applyLabels([])}
                  >
                    <ToolbarFilter
                      categoryName={nameTitle}
                      labels={nameText ? [nameText] : []}
                      deleteLabel={() => {
                        clearTimeout(nameTimer.current);
                        setNameText('');
                        applyName('');
                      }}
                    >
                      <div className="pf-v6-c-input-group">
                        {Object.keys(kinds).length > 1 && (
                          <Select
                            isOpen={kindOpen}
                            onOpenChange={setKindOpen}
                            onSelect={(_e, v) => {
                              setKind(v as FilterKind);
                              setKindOpen(false);
                            }}
                            selected={kind}
                            toggle={(ref) => (
                              <MenuToggle
                                ref={ref}
                                onClick={() => setKindOpen((o) => !o)}
                                isExpanded={kindOpen}
                                data-test="filter-type-toggle"
                              >
                                {kindTitle}
                              </MenuToggle>
                            )}
                          >
                            <SelectList>
                              {(Object.entries(kinds) as [FilterKind, string][]).map(
                                ([k, title]) => (
                                  <SelectOption
                                    key={k}
                                    value={k}
                                    data-test-dropdown-menu={k}
                                    data-test="console-select-item"
                                  >
                                    {title}
                                  </SelectOption>
                                ),
                              )}
                            </SelectList>
                          </Select>
                        )}
                        {kind === 'LABEL' && (
                          <LabelSuggestions
                            data={items}
                            labelPath={labelPath}
                            text={labelText}
                            setText={setLabelText}
                            placeholder={labelFilterPlaceholder ?? 'Search by label...'}
                            onSelect={(l) => applyLabels([...new Set([...labels, l])])}
                          />
                        )}
                        {kind === 'NAME' && (
                          <div className="co-text-filter">
                            <TextInput
                              type="text"
                              value={nameText}
                              onChange={(_e, v) => onNameInput(v)}
                              placeholder={nameFilterPlaceholder ?? 'Search by name...'}
                              aria-label={nameFilterPlaceholder ?? 'Search by name...'}
                              data-test-id="item-filter"
                              data-test="name-filter-input"
                            />
                          </div>
                        )}
                      </div>
                    </ToolbarFilter>
                  </ToolbarFilter>
                </ToolbarItem>
              )}
            </ToolbarToggleGroup>
          )}
          {columnLayout?.id && !hideColumnManagement && (
            <ToolbarGroup>
              <ToolbarItem>
                <Tooltip content="Manage columns" trigger="mouseenter">
                  <Button
                    icon={<ColumnsIcon />}
                    variant="plain"
                    onClick={() => setManaging(true)}
                    aria-label="Column management"
                    data-test="manage-columns"
                  />
                </Tooltip>
              </ToolbarItem>
            </ToolbarGroup>
          )}
        </ToolbarContent>
      </Toolbar>
      {managing && columnLayout && (
        <ColumnManagementModal columnLayout={columnLayout} onClose={() => setManaging(false)} />
      )}
    </>
  );
}

export default function ListPageFilter<D>(props: ListPageFilterProps<D>) {
  const { data, loaded } = props;
  const empty = data === undefined || data === null || (Array.isArray(data) && data.length === 0);
  if (!loaded || empty) return null;
  return <FilterToolbar {...props} />;
}
