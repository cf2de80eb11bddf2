import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseExpression } from './expression';
import { formatSnippet } from './format';

void describe('parseExpression', () => {
  void it('parses an equality filter with positions', () => {
    const result = parseExpression('routes.running.destination=="0.0.0.0/0"');
    assert.deepEqual(result, {
      ok: true,
      value: {
        kind: 'eqfilter',
        position: 26,
        source: null,
        path: {
          kind: 'path',
          position: 0,
          steps: [
            { kind: 'identity', name: 'routes', position: 0 },
            { kind: 'identity', name: 'running', position: 7 },
            { kind: 'identity', name: 'destination', position: 15 },
          ],
        },
        value: { kind: 'string', position: 28, value: '0.0.0.0/0' },
      },
    });
  });

  void it('parses a pipe into a replace with a capture reference value', () => {
    const result = parseExpression(
      'capture.gw | routes.running.next-hop-interface := capture.nic.interfaces.0.name',
    );
    assert.equal(result.ok, true);
    const node = result.value;
    assert.equal(node.kind, 'replace');
    assert.equal(node.position, 47);
    assert.deepEqual(
      node.source?.steps.map((s) => (s.kind === 'identity' ? s.name : s.index)),
      ['capture', 'gw'],
    );
    assert.equal(node.value.kind, 'path');
    assert.deepEqual(node.value.steps[3], { kind: 'index', index: 0, position: 73 });
  });

  void it('parses number and boolean operands and the inequality filter', () => {
    const numeric = parseExpression('interfaces.mtu==9000');
    assert.equal(
      numeric.ok && numeric.value.kind === 'eqfilter' && numeric.value.value.kind,
      'number',
    );
    const boolean = parseExpression('interfaces.lldp.enabled:=true');
    assert.equal(
      boolean.ok && boolean.value.kind === 'replace' && boolean.value.value.kind,
      'boolean',
    );
    const ne = parseExpression('interfaces.state!="up"');
    assert.equal(ne.ok && ne.value.kind, 'nefilter');
  });

  void it('parses bare paths and empty input as operation-less expressions', () => {
    assert.equal(parseExpression('interfaces').ok && parseExpression('interfaces').ok, true);
    const empty = parseExpression('  ');
    assert.equal(empty.ok && empty.value.kind, 'bare');
  });

  const failures: { expression: string; code: string; message: string; snippet: string }[] = [
    {
      expression: '.',
      code: 'invalid-expression',
      message: 'invalid expression: unexpected token `.`',
      snippet: '| .\n| ^',
    },
    {
      expression: 'routes.',
      code: 'invalid-path',
      message: 'invalid path: missing identity or number after dot',
      snippet: '| routes.\n| ......^',
    },
    {
      expression: 'routes..running',
      code: 'invalid-path',
      message: 'invalid path: missing identity or number after dot',
      snippet: '| routes..running\n| .......^',
    },
    {
      expression: 'routes running',
      code: 'invalid-path',
      message: 'invalid path: missing dot',
      snippet: '| routes running\n| .......^',
    },
    {
      expression: '=="x"',
      code: 'invalid-equality-filter',
      message: 'invalid equality filter: missing left hand argument',
      snippet: '| =="x"\n| ^',
    },
    {
      expression: '"x"=="y"',
      code: 'invalid-equality-filter',
      message: 'invalid equality filter: left hand argument is not a path',
      snippet: '| "x"=="y"\n| ...^',
    },
    {
      expression: 'a.b==',
      code: 'invalid-equality-filter',
      message: 'invalid equality filter: missing right hand argument',
      snippet: '| a.b==\n| ....^',
    },
    {
      expression: 'a.b====',
      code: 'invalid-equality-filter',
      message: 'invalid equality filter: right hand argument is not a string or identity',
      snippet: '| a.b====\n| .....^',
    },
    {
      expression: 'a.b!=',
      code: 'invalid-inequality-filter',
      message: 'invalid inequality filter: missing right hand argument',
      snippet: '| a.b!=\n| ....^',
    },
    {
      expression: ':="x"',
      code: 'invalid-replace',
      message: 'invalid replace: missing left hand argument',
      snippet: '| :="x"\n| ^',
    },
    {
      expression: 'a.b:=',
      code: 'invalid-replace',
      message: 'invalid replace: missing right hand argument',
      snippet: '| a.b:=\n| ....^',
    },
    {
      expression: '| a.b:="x"',
      code: 'invalid-pipe',
      message: 'invalid pipe: missing pipe in expression',
      snippet: '| | a.b:="x"\n| ^',
    },
    {
      expression: 'capture.gw |',
      code: 'invalid-pipe',
      message: 'invalid pipe: missing pipe out expression',
      snippet: '| capture.gw |\n| ...........^',
    },
    {
      expression: '"gw" | a.b:="x"',
      code: 'invalid-pipe',
      message: 'invalid pipe: only paths can be piped in',
      snippet: '| "gw" | a.b:="x"\n| .....^',
    },
    {
      expression: 'a.b=="x" "y"',
      code: 'invalid-expression',
      message: 'invalid expression: unexpected token `y`',
      snippet: '| a.b=="x" "y"\n| .........^',
    },
    {
      expression: 'capture.a + capture.b',
      code: 'invalid-expression',
      message: 'invalid expression: the merge operator `+` is not supported',
      snippet: '| capture.a + capture.b\n| ..........^',
    },
  ];
  for (const { expression, code, message, snippet } of failures) {
    void it(`rejects ${JSON.stringify(expression)} at the failing position`, () => {
      const result = parseExpression(expression);
      assert.equal(result.ok, false);
      assert.equal(result.error.code, code);
      assert.equal(result.error.message, message);
      assert.equal(formatSnippet(expression, result.error.position), snippet);
    });
  }
});
