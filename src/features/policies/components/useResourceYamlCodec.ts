import { useMemo } from 'react';
import type { K8sResource } from '../../../shared/model/k8s';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { YamlCodec } from '../../../shared/ui/ResourceYamlTab';
import { parseResourceYaml, type ExpectedResource } from '../logic/resourceYaml';
import { updateYamlText } from '../logic/yamlRoundTrip';
import { getYamlErrorMessage } from './messages';

/**
 * The resource YAML reader and writer of the policy editor, for any kind's YAML tab: errors with
 * their line and column, translated; results written onto the user's text (yamlRoundTrip).
 */
export function useResourceYamlCodec<T extends K8sResource>(
  expected: ExpectedResource,
): YamlCodec<T> {
  const { t } = usePluginTranslation();
  const { kind, apiVersionPrefix } = expected;
  return useMemo(
    (): YamlCodec<T> => ({
      parse: (text) => {
        const r = parseResourceYaml<T>(text, { kind, apiVersionPrefix });
        return r.ok
          ? { ok: true, value: r.value }
          : {
              ok: false,
              line: r.error.line,
              column: r.error.column,
              message: getYamlErrorMessage(t, r.error),
            };
      },
      print: (previousText, obj) => updateYamlText(previousText, obj),
    }),
    [t, kind, apiVersionPrefix],
  );
}
