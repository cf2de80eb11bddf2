import { useCallback, useMemo, useState } from 'react';
import { FormHelperText, HelperText, HelperTextItem, TextInput } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../../shared/i18n/usePluginTranslation';
import type { Finding } from '../../model/finding';
import { getFindingMessage } from '../messages';

const VARIANT = {
  error: 'error',
  danger: 'error',
  warning: 'warning',
  info: 'indeterminate',
} as const;

/** Translated findings under a field. */
export function FieldFindings({ findings }: { findings: Finding[] }) {
  const { t } = usePluginTranslation();
  if (findings.length === 0) return null;
  return (
    <FormHelperText>
      <HelperText>
        {findings.map((f, i) => (
          <HelperTextItem
            key={`${f.code}-${i}`}
            variant={VARIANT[f.severity]}
            data-test={`finding-${f.code}`}
          >
            {getFindingMessage(t, f)}
          </HelperTextItem>
        ))}
      </HelperText>
    </FormHelperText>
  );
}

/**
 * A field's findings without its "is required" ones until the user has typed in it or left it:
 * an empty field nobody has touched yet is not an error (the form's Save stays blocked and says
 * how many problems remain). Wrap the field in an element with `onBlur={touch}`.
 */
export function useUntilTouched(findings: Finding[]): { shown: Finding[]; touch: () => void } {
  const [touched, setTouched] = useState(false);
  const touch = useCallback(() => setTouched(true), []);
  const shown = useMemo(
    () => (touched ? findings : findings.filter((f) => !f.code.endsWith('.required'))),
    [touched, findings],
  );
  return { shown, touch };
}

export const fieldStatus = (findings: Finding[]): 'error' | 'warning' | 'default' =>
  findings.some((f) => f.severity === 'error' || f.severity === 'danger')
    ? 'error'
    : findings.some((f) => f.severity === 'warning')
      ? 'warning'
      : 'default';

interface ParsedTextInputProps<T> {
  value: T;
  format: (v: T) => string;
  parse: (text: string) => T;
  onChange: (v: T) => void;
  id: string;
  testId: string;
  ariaLabel: string;
  placeholder?: string;
  validated?: 'error' | 'warning' | 'default';
}

/**
 * A text box over a structured value (a list of names, trunk tags). It keeps what the user typed
 * (a trailing comma, a half-written range) as long as it still means the current value.
 */
export function ParsedTextInput<T>({
  value,
  format,
  parse,
  onChange,
  id,
  testId,
  ariaLabel,
  placeholder,
  validated,
}: ParsedTextInputProps<T>) {
  const [text, setText] = useState(() => format(value));
  const shown = JSON.stringify(parse(text)) === JSON.stringify(value) ? text : format(value);
  return (
    <TextInput
      id={id}
      data-test={testId}
      aria-label={ariaLabel}
      placeholder={placeholder}
      value={shown}
      validated={validated}
      onChange={(_e, v) => {
        setText(v);
        onChange(parse(v));
      }}
    />
  );
}

export const parseList = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
export const formatList = (list: string[]): string => list.join(', ');

export const parseNumber = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

interface NumberInputProps {
  value: number | null;
  onChange: (v: number | null) => void;
  id: string;
  testId: string;
  ariaLabel: string;
  placeholder?: string;
  validated?: 'error' | 'warning' | 'default';
}

export function NumberField({ value, onChange, ...rest }: NumberInputProps) {
  return (
    <ParsedTextInput
      {...rest}
      value={value}
      format={(v) => (v === null ? '' : String(v))}
      parse={parseNumber}
      onChange={onChange}
    />
  );
}
