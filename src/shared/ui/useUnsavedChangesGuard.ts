import { useEffect } from 'react';

/**
 * Asks before leaving an editor with unsaved changes: on reload/close (beforeunload) and on
 * clicks of in-page links (the console's navigation and our own), which a plugin cannot block
 * through the router because it does not own it.
 */
export function useUnsavedChangesGuard(isDirty: boolean, message: string) {
  useEffect(() => {
    if (!isDirty) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      // preventDefault is the standard way to ask the browser to show its leave prompt.
      e.preventDefault();
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const target = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!target || target.getAttribute('target') === '_blank') return;
      const href = target.getAttribute('href') ?? '';
      if (href.startsWith('#')) return;
      if (!window.confirm(message)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [isDirty, message]);
}
