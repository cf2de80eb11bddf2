// A tooltip that exists only while it is shown. A PatternFly Tooltip mounts a Popper whose
// effects re-subscribe listeners and read computed styles on every render of its row; in lists
// that re-render many times a second (a rollout of 25,000 enactments) that was most of the cost
// of each update. Here the trigger is a plain focusable span and the Tooltip is mounted on hover
// or focus, pointed at the span.
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Tooltip } from '@patternfly/react-core';

interface LazyTooltipProps {
  content: ReactNode;
  children: ReactNode;
  'data-test'?: string;
}

export function LazyTooltip({ content, children, 'data-test': testId }: LazyTooltipProps) {
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  return (
    <>
      <span
        ref={ref}
        tabIndex={0}
        data-test={testId}
        onMouseEnter={() => setShown(true)}
        onMouseLeave={() => setShown(false)}
        onFocus={() => setShown(true)}
        onBlur={() => setShown(false)}
      >
        {children}
      </span>
      {shown && <Tooltip content={content} triggerRef={ref} isVisible trigger="manual" />}
    </>
  );
}
