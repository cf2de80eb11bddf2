import { useTranslation } from 'react-i18next';

export const PLUGIN_NAMESPACE = 'plugin__switchboard';

/** Every user-visible string goes through this namespace (extracted by `npm run i18n`). */
export function usePluginTranslation() {
  return useTranslation(PLUGIN_NAMESPACE);
}
