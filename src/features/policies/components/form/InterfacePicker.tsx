import { useMemo, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import {
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  TextInputGroup,
  TextInputGroupMain,
} from '@patternfly/react-core';
import type { NetworkState } from '../../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../../shared/i18n/usePluginTranslation';
import type {
  CandidateField,
  CandidateList,
  DeclaredInterface,
} from '../../logic/interfaceCandidates';
import { filterCandidates, getInterfaceCandidates } from '../../logic/interfaceCandidates';

/** What the pickers need from the form: the matched nodes, their states and the draft's interfaces. */
export interface CandidateSource {
  matched: readonly string[];
  states: ReadonlyMap<string, NetworkState | undefined>;
  declared: readonly DeclaredInterface[];
}

const useCandidates = (source: CandidateSource, field: CandidateField): CandidateList => {
  // The field is a fresh object per render; its fields are what the list depends on.
  const key = JSON.stringify(field);
  return useMemo(
    () =>
      getInterfaceCandidates(
        JSON.parse(key) as CandidateField,
        source.matched,
        source.states,
        source.declared,
      ),
    [source, key],
  );
};

interface TypeaheadProps {
  source: CandidateSource;
  id: string;
  testId: string;
  field: CandidateField;
  /** The typed text: free text is always a valid value. */
  text: string;
  onText: (text: string) => void;
  /** A name chosen from the list or confirmed with "Use …". */
  onPick: (name: string) => void;
  /** Names not to offer (already chosen elsewhere in the same list). */
  exclude?: readonly string[];
  ariaLabel: string;
  placeholder?: string;
  status?: 'error' | 'warning' | 'default';
}

/** A text field with a list of the matched nodes' interfaces that fit the field. */
function InterfaceTypeahead({
  source,
  id,
  testId,
  field,
  text,
  onText,
  onPick,
  exclude,
  ariaLabel,
  placeholder,
  status,
}: TypeaheadProps) {
  const { t } = usePluginTranslation();
  const { candidates, nodesWithState } = useCandidates(source, field);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<number | null>(null);
  const shown = useMemo(() => {
    const skip = new Set(exclude);
    return filterCandidates(candidates, text).filter((c) => !skip.has(c.name));
  }, [candidates, text, exclude]);
  const typed = text.trim();
  const offerTyped = typed !== '' && !shown.some((c) => c.name === typed);
  const values = [...shown.map((c) => c.name), ...(offerTyped ? [typed] : [])];

  const pick = (name: string) => {
    onPick(name);
    setOpen(false);
    setFocused(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (values.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setFocused((f) => (f === null ? 0 : (f + step + values.length) % values.length));
    } else if (e.key === 'Enter' && open && focused !== null) {
      e.preventDefault();
      const name = values[focused];
      if (name !== undefined) pick(name);
    } else if (e.key === 'Escape') {
      setOpen(false);
      setFocused(null);
    }
  };
  const menuId = `${id}-candidates`;

  return (
    <Select
      id={menuId}
      isOpen={open}
      selected={text}
      onSelect={(_e, v) => {
        if (typeof v === 'string') pick(v);
      }}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          setOpen(false);
          setFocused(null);
        }
      }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="typeahead"
          isFullWidth
          isExpanded={open}
          onClick={() => setOpen((o) => !o)}
          status={status === 'error' ? 'danger' : status === 'warning' ? 'warning' : undefined}
          data-test={`${testId}-toggle`}
        >
          <TextInputGroup isPlain>
            <TextInputGroupMain
              inputId={id}
              value={text}
              placeholder={placeholder}
              aria-label={ariaLabel}
              isExpanded={open}
              aria-controls={menuId}
              role="combobox"
              autoComplete="off"
              inputProps={{ 'data-test': testId }}
              onClick={() => setOpen(true)}
              onChange={(_e, v) => {
                onText(v);
                setOpen(true);
                setFocused(null);
              }}
              onKeyDown={onKeyDown}
              onBlur={(e: FocusEvent<HTMLInputElement>) => {
                // Leaving the field for anything but its own list closes the list, so it never
                // covers the fields below once the user moved on.
                const to = e.relatedTarget instanceof Element ? e.relatedTarget : null;
                if (!to?.closest(`[id="${menuId}"]`)) {
                  setOpen(false);
                  setFocused(null);
                }
              }}
            />
          </TextInputGroup>
        </MenuToggle>
      )}
    >
      <SelectList data-test={`${testId}-candidates`}>
        {shown.map((c, i) => (
          <SelectOption
            key={c.name}
            value={c.name}
            isFocused={focused === i}
            data-test={`${testId}-option-${c.name}`}
          >
            {c.inPolicy
              ? t('{{name}} — created by this policy', { name: c.name })
              : t('{{name}} — {{count}} of {{total}} nodes', {
                  name: c.name,
                  count: c.nodeCount,
                  total: nodesWithState,
                })}
          </SelectOption>
        ))}
        {offerTyped && (
          <SelectOption
            value={typed}
            isFocused={focused === shown.length}
            data-test={`${testId}-use-typed`}
          >
            {t('Use "{{name}}"', { name: typed })}
          </SelectOption>
        )}
        {values.length === 0 && (
          <SelectOption isDisabled data-test={`${testId}-no-candidates`}>
            {nodesWithState === 0
              ? t('No matched node reports its interfaces; type a name')
              : t('No interface of the matched nodes fits; type a name')}
          </SelectOption>
        )}
      </SelectList>
    </Select>
  );
}

interface InterfaceNameInputProps {
  source: CandidateSource;
  id: string;
  testId: string;
  field: CandidateField;
  value: string;
  onChange: (name: string) => void;
  ariaLabel: string;
  placeholder?: string;
  status?: 'error' | 'warning' | 'default';
}

/** One interface name: typed freely or picked from the matched nodes' interfaces. */
export function InterfaceNameInput({ value, onChange, ...rest }: InterfaceNameInputProps) {
  return <InterfaceTypeahead {...rest} text={value} onText={onChange} onPick={onChange} />;
}

interface InterfaceListAdderProps {
  source: CandidateSource;
  id: string;
  testId: string;
  field: CandidateField;
  /** The names already in the list (not offered again). */
  existing: readonly string[];
  onAdd: (name: string) => void;
  ariaLabel: string;
  placeholder?: string;
}

/** Adds one name to a list of ports: picked from the matched nodes' interfaces or typed. */
export function InterfaceListAdder({ existing, onAdd, ...rest }: InterfaceListAdderProps) {
  const [text, setText] = useState('');
  return (
    <InterfaceTypeahead
      {...rest}
      text={text}
      onText={setText}
      exclude={existing}
      onPick={(name) => {
        if (!existing.includes(name)) onAdd(name);
        setText('');
      }}
    />
  );
}
