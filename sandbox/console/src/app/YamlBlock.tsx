import { stringify } from 'yaml';

/** Host-side YAML display (text only, never HTML). */
export function YamlBlock({ value }: { value: unknown }) {
  return <pre data-test="host-yaml">{stringify(value)}</pre>;
}
