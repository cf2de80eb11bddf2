// Work that can wait for the screen: true once `ready` has held through a painted frame.
import { useEffect, useState } from 'react';

/**
 * False until `ready` is true and the browser has painted a frame since; then true for good.
 * For work that follows a view's first draw (lists only some marks need) and must not delay
 * that draw's paint: a requestAnimationFrame callback runs just before the frame is painted,
 * and a task queued from it runs after.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return undefined;
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
