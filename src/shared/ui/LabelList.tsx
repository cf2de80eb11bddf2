import { Label } from '@patternfly/react-core';
import { labelStrings } from '../logic/listSort';

/** An object's labels as the console lists them: `key=value` chips, "-" for none. */
export function LabelList({ labels }: { labels: Readonly<Record<string, string>> | undefined }) {
  const all = labelStrings(labels);
  if (all.length === 0) return <>-</>;
  return (
    <>
      {all.map((l) => (
        <Label key={l} isCompact color="blue" className="pf-v6-u-mr-xs">
          {l}
        </Label>
      ))}
    </>
  );
}
