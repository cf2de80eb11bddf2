import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Component, createRef } from 'react';
import type { ElementType, ReactElement } from 'react';
import * as reactRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import * as ours from './jsxRuntime';

type Jsx = (type: ElementType, props: Record<string, unknown>, key?: string | number) => unknown;
const reactJsx = reactRuntime.jsx as unknown as Jsx;

/** What an element means to React: its type, key, ref and props (not React's bookkeeping). */
const meaning = (e: unknown) => {
  const el = e as ReactElement<unknown> & { ref: unknown };
  return { type: el.type, key: el.key, ref: el.ref, props: el.props };
};

// A class: function components' defaultProps are deprecated, and React warns.
class Greeting extends Component<{ name: string; punctuation: string }> {
  static defaultProps = { punctuation: '!' };
  override render() {
    return ours.jsxs('span', { children: ['Hello ', this.props.name, this.props.punctuation] });
  }
}

test('builds the element React’s own runtime builds', () => {
  const ref = createRef<HTMLDivElement>();
  const cases: [ElementType, Record<string, unknown>, (string | number)?][] = [
    ['div', { className: 'a', children: 'text' }],
    ['div', { id: 'x', children: ['a', 'b'] }, 'k1'],
    ['input', { ref, defaultValue: 'v' }, 7],
    [Greeting, { name: 'eth0' }, 'g'],
    [ours.Fragment, { children: ['x', 'y'] }, 'f'],
  ];
  for (const [type, props, key] of cases)
    assert.deepEqual(meaning(ours.jsx(type, props, key)), meaning(reactJsx(type, props, key)));
});

test('takes the ref out of the props and applies defaultProps, as React does', () => {
  const ref = createRef<HTMLDivElement>();
  const el = meaning(ours.jsx('div', { ref, title: 't' }, 'k'));
  assert.equal(el.ref, ref);
  assert.equal(el.key, 'k');
  assert.deepEqual(el.props, { title: 't' });
  assert.equal(
    (ours.jsx(Greeting, { name: 'bond0' }).props as { punctuation: string }).punctuation,
    '!',
  );
});

test('renders the same markup as React’s runtime, keys and nested children included', () => {
  const tree = (j: Jsx) =>
    j('ul', {
      children: ['eth0', 'eth1'].map((n) => j('li', { children: j(Greeting, { name: n }) }, n)),
    });
  assert.equal(
    renderToStaticMarkup(tree(ours.jsx as Jsx) as ReactElement),
    renderToStaticMarkup(tree(reactJsx) as ReactElement),
  );
  assert.equal(
    renderToStaticMarkup(tree(ours.jsx as Jsx) as ReactElement),
    '<ul><li><span>Hello eth0!</span></li><li><span>Hello eth1!</span></li></ul>',
  );
});
