// Small controlled inputs for the NAD form. The form's single source of truth is the config
// text, so every input maps "empty" to "key absent" (never to an empty string or zero) and
// tri-state booleans keep "not set" distinct from false.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Button,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';

interface FieldBase {
  label: string;
  id: string;
  helper?: ReactNode;
  isRequired?: boolean;
}

function Helper({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <FormHelperText>
      <HelperText>
        <HelperTextItem>{children}</HelperTextItem>
      </HelperText>
    </FormHelperText>
  );
}

export function TextField({
  label,
  id,
  helper,
  isRequired,
  value,
  onChange,
  placeholder,
}: FieldBase & { value: string; onChange: (v: string) => void; placeholder?: string }) {
  return (
    <FormGroup label={label} fieldId={id} isRequired={isRequired}>
      <TextInput
        id={id}
        data-test={`field-${id}`}
        value={value}
        placeholder={placeholder}
        onChange={(_e, v) => onChange(v)}
      />
      <Helper>{helper}</Helper>
    </FormGroup>
  );
}

export function NumberField({
  label,
  id,
  helper,
  value,
  onChange,
}: FieldBase & { value: number | undefined; onChange: (v: number | undefined) => void }) {
  return (
    <FormGroup label={label} fieldId={id}>
      <TextInput
        id={id}
        type="number"
        data-test={`field-${id}`}
        value={value === undefined ? '' : String(value)}
        onChange={(_e, v) => {
          const n = Number(v);
          onChange(v.trim() === '' || !Number.isInteger(n) ? undefined : n);
        }}
      />
      <Helper>{helper}</Helper>
    </FormGroup>
  );
}

export function SelectField({
  label,
  id,
  helper,
  value,
  options,
  onChange,
}: FieldBase & {
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  // A value the options do not list (typed in JSON) stays visible and selected.
  const all = options.some((o) => o.value === value)
    ? options
    : [...options, { value, label: value }];
  return (
    <FormGroup label={label} fieldId={id}>
      <FormSelect
        id={id}
        data-test={`field-${id}`}
        value={value}
        onChange={(_e, v) => onChange(v)}
        aria-label={label}
      >
        {all.map((o) => (
          <FormSelectOption key={o.value} value={o.value} label={o.label} />
        ))}
      </FormSelect>
      <Helper>{helper}</Helper>
    </FormGroup>
  );
}

export function TriStateField({
  label,
  id,
  helper,
  value,
  onChange,
}: FieldBase & { value: boolean | undefined; onChange: (v: boolean | undefined) => void }) {
  const { t } = usePluginTranslation();
  return (
    <SelectField
      label={label}
      id={id}
      helper={helper}
      value={value === undefined ? '' : String(value)}
      options={[
        { value: '', label: t('Not set (plugin default)') },
        { value: 'true', label: t('true') },
        { value: 'false', label: t('false') },
      ]}
      onChange={(v) => onChange(v === '' ? undefined : v === 'true')}
    />
  );
}

function splitItems(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * A list of strings typed as one comma- or space-separated line. The typed text is kept locally
 * so separators being typed are not normalised away mid-word; it resyncs when the list changes
 * from outside (JSON edits, quick fixes).
 */
export function ListField({
  label,
  id,
  helper,
  value,
  onChange,
  placeholder,
}: FieldBase & { value: string[]; onChange: (v: string[]) => void; placeholder?: string }) {
  const [text, setText] = useState(value.join(', '));
  const joined = value.join('\u0000');
  useEffect(() => {
    setText((cur) => (splitItems(cur).join('\u0000') === joined ? cur : value.join(', ')));
    // `joined` stands for `value`'s content; identity changes alone must not reset the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [joined]);
  return (
    <FormGroup label={label} fieldId={id}>
      <TextInput
        id={id}
        data-test={`field-${id}`}
        value={text}
        placeholder={placeholder}
        onChange={(_e, v) => {
          setText(v);
          const items = splitItems(v);
          if (items.join('\u0000') !== joined) onChange(items);
        }}
      />
      <Helper>{helper}</Helper>
    </FormGroup>
  );
}

/** Repeating rows with add and remove buttons. */
export function RowList<T>({
  items,
  onChange,
  render,
  create,
  addLabel,
  testId,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  render: (item: T, update: (next: T) => void, index: number) => ReactNode;
  create: () => T;
  addLabel: string;
  testId: string;
}) {
  const { t } = usePluginTranslation();
  return (
    <div data-test={testId}>
      {items.map((item, i) => (
        <div key={i} className="sb-nad-form__group" data-test={`${testId}-${i}`}>
          {render(item, (next) => onChange(items.map((x, j) => (j === i ? next : x))), i)}
          <Button
            variant="link"
            icon={<MinusCircleIcon />}
            onClick={() => onChange(items.filter((_, j) => j !== i))}
            data-test={`${testId}-${i}-remove`}
          >
            {t('Remove')}
          </Button>
        </div>
      ))}
      <Button
        variant="link"
        icon={<PlusCircleIcon />}
        onClick={() => onChange([...items, create()])}
        data-test={`${testId}-add`}
      >
        {addLabel}
      </Button>
    </div>
  );
}
