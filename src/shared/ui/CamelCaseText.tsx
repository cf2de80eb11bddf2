import { Fragment } from 'react';

/**
 * Condition reasons (`SuccessfullyConfigured`, `FailedToConfigure`) are single long words: offer
 * a line break before each inner capital so narrow columns wrap them between words, not mid-word.
 * The text is rendered as React text nodes, never as HTML.
 */
export function CamelCaseText({ text }: { text: string }) {
  const parts = text.split(/(?<=[a-z0-9])(?=[A-Z])/);
  return (
    <>
      {parts.map((part, i) => (
        // Parts of one string: their order never changes, so the index is a stable key.
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
