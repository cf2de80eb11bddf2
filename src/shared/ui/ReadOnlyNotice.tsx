import { Alert } from '@patternfly/react-core';
import { usePluginTranslation } from '../i18n/usePluginTranslation';

export type DeniedVerb = 'create' | 'update' | 'delete';

/**
 * Says why actions are missing: the user's role does not allow them (the console's access
 * reviews answered no). Without it a read-only user sees buttons and menu items vanish with no
 * reason given. Nothing is shown while the reviews are pending or when everything is allowed.
 */
export function ReadOnlyNotice({
  denied,
  loading,
  resource,
}: {
  denied: readonly DeniedVerb[];
  loading: boolean;
  /** The resource in the plural, as the user knows it ("policies"), already translated. */
  resource: string;
}) {
  const { t, i18n } = usePluginTranslation();
  if (loading || denied.length === 0) return null;
  const words: Record<DeniedVerb, string> = {
    create: t('create'),
    update: t('change'),
    delete: t('delete'),
  };
  const verbs = new Intl.ListFormat(i18n.language || 'en', { type: 'disjunction' }).format(
    denied.map((v) => words[v]),
  );
  return (
    <Alert
      variant="info"
      isInline
      isPlain
      title={t(
        'Your role does not allow you to {{verbs}} {{resource}}; ask a cluster administrator for access if you need to.',
        { verbs, resource },
      )}
      data-test="read-only-notice"
      data-denied={denied.join(',')}
    />
  );
}

/** The verbs of `[verb, allowed]` pairs that were denied, in the order given. */
export const deniedVerbs = (pairs: readonly (readonly [DeniedVerb, boolean])[]): DeniedVerb[] =>
  pairs.filter(([, allowed]) => !allowed).map(([verb]) => verb);
