// `@console/shared/src/components/document-title/DocumentTitle`: sets the page title.
import { useEffect } from 'react';

export function DocumentTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Switchboard stand-in`;
  }, [children]);
  return null;
}
