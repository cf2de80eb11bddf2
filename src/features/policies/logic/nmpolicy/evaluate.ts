// Path operations over an nmstate document: the equality filter, the replace operator and the
// walk used by `capture.<name>.<path>` references. Semantics follow upstream nmpolicy's resolver
// (filter.go, replace.go, walk.go):
// - filter: maps on the way down keep only the key on the path until the first list; inside
//   list elements everything else is kept; list elements without a match are dropped from the
//   first list only; a missing key is "no match", not an error; comparing values of different
//   types is an error; numeric steps are not supported.
// - replace: keeps the whole input, creates missing maps, sets the leaf on every list element.
// - walk: follows identity steps through maps and numeric steps through lists, strictly.
import {
  copyObject,
  describeValue,
  isJsonObject,
  jsonEqual,
  jsonTypeName,
  ownValue,
  setOwn,
} from './json';
import type { JsonObject, JsonValue, PathStep, PositionedError } from './types';

export class PathFailure extends Error {
  constructor(
    readonly code: PositionedError['code'],
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const NO_MATCH = Symbol('no match');
type FilterResult = JsonValue | typeof NO_MATCH;

function stepText(step: PathStep): string {
  return step.kind === 'identity' ? step.name : String(step.index);
}

function invalidType(value: JsonValue, step: PathStep): PathFailure {
  return new PathFailure(
    'bad-path',
    `invalid path: invalid type ${jsonTypeName(value)} for identity step '${stepText(step)}'`,
    step.position,
  );
}

function keysOf(object: JsonObject): string {
  return `[${Object.keys(object).join(' ')}]`;
}

export function filterState(
  input: JsonObject,
  steps: PathStep[],
  expected: JsonValue,
  matches: (obtained: JsonValue, expected: JsonValue) => boolean,
): JsonObject {
  const visit = (node: JsonValue, index: number, merge: boolean): FilterResult => {
    const step = steps[index];
    if (step === undefined) return NO_MATCH;
    const last = index === steps.length - 1;
    if (Array.isArray(node)) {
      if (step.kind === 'index') {
        throw new PathFailure(
          'bad-path',
          last
            ? 'invalid path: filtering lists index with equal not implemented'
            : 'invalid path: failed filtering slice: path with index not supported',
          step.position,
        );
      }
      const kept: JsonValue[] = [];
      let matched = false;
      for (const element of node) {
        // Elements are visited at the same step; below the first list, siblings are kept.
        const result = visit(element, index, true);
        if (result !== NO_MATCH) {
          matched = true;
          kept.push(result);
        } else if (merge) {
          kept.push(element);
        }
      }
      return matched ? kept : NO_MATCH;
    }
    if (!isJsonObject(node)) throw invalidType(node, step);
    if (step.kind === 'index') {
      throw new PathFailure(
        'bad-path',
        'invalid path: unexpected non identity step for map state',
        step.position,
      );
    }
    const child = ownValue(node, step.name);
    if (child === undefined) return NO_MATCH;
    if (last) {
      if (jsonTypeName(child) !== jsonTypeName(expected)) {
        throw new PathFailure(
          'type-mismatch',
          `invalid path: type missmatch: the value in the path doesn't match the value to filter. "${jsonTypeName(child)}" != "${jsonTypeName(expected)}" -> ${describeValue(child)} != ${describeValue(expected)}`,
          step.position,
        );
      }
      return matches(child, expected) ? node : NO_MATCH;
    }
    const result = visit(child, index + 1, merge);
    if (result === NO_MATCH) return NO_MATCH;
    const out: JsonObject = merge ? copyObject(node) : {};
    setOwn(out, step.name, result);
    return out;
  };
  const result = visit(input, 0, false);
  return result !== NO_MATCH && isJsonObject(result) ? result : {};
}

export function replaceState(
  input: JsonObject,
  steps: PathStep[],
  replacement: JsonValue,
): JsonObject {
  const visit = (node: JsonValue, index: number): JsonValue => {
    const step = steps[index];
    if (step === undefined) return node;
    const last = index === steps.length - 1;
    if (Array.isArray(node)) {
      if (step.kind === 'index') {
        throw new PathFailure(
          'bad-path',
          last
            ? 'invalid path: replacing lists value at index not implemented'
            : 'invalid path: failed replacing slice: path with index not supported',
          step.position,
        );
      }
      return node.map((element) => visit(element, index));
    }
    if (!isJsonObject(node)) throw invalidType(node, step);
    if (step.kind === 'index') {
      throw new PathFailure(
        'bad-path',
        'invalid path: failed replacing map: path with index not supported',
        step.position,
      );
    }
    const out = copyObject(node);
    if (last) {
      setOwn(out, step.name, replacement);
    } else {
      setOwn(out, step.name, visit(ownValue(node, step.name) ?? {}, index + 1));
    }
    return out;
  };
  const result = visit(input, 0);
  return isJsonObject(result) ? result : {};
}

export function walkState(input: JsonValue, steps: PathStep[]): JsonValue {
  let node = input;
  for (const step of steps) {
    if (Array.isArray(node)) {
      if (step.kind !== 'index') {
        throw new PathFailure(
          'bad-path',
          `invalid path: unexpected non numeric step '${step.name}' for slice state of ${node.length} items`,
          step.position,
        );
      }
      const item = node[step.index];
      if (item === undefined) {
        throw new PathFailure(
          'bad-path',
          `invalid path: step '${step.index}' not found at slice state of ${node.length} items`,
          step.position,
        );
      }
      node = item;
    } else if (isJsonObject(node)) {
      if (step.kind !== 'identity') {
        throw new PathFailure(
          'bad-path',
          `invalid path: unexpected non identity step '${step.index}' for map state with keys ${keysOf(node)}`,
          step.position,
        );
      }
      const item = ownValue(node, step.name);
      if (item === undefined) {
        throw new PathFailure(
          'bad-path',
          `invalid path: step '${step.name}' not found at map state with keys ${keysOf(node)}`,
          step.position,
        );
      }
      node = item;
    } else {
      throw invalidType(node, step);
    }
  }
  return node;
}

export const equalValues = (a: JsonValue, b: JsonValue): boolean => jsonEqual(a, b);
export const differentValues = (a: JsonValue, b: JsonValue): boolean => !jsonEqual(a, b);
