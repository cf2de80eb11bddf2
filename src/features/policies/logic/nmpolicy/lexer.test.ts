import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lexExpression } from './lexer';

const compact = (expression: string): string[] | string => {
  const result = lexExpression(expression);
  if (!result.ok) return `${result.error.code}@${result.error.position}: ${result.error.message}`;
  return result.value.map(
    (t) => `${t.type}@${t.position}${t.literal === '' ? '' : `:${t.literal}`}`,
  );
};

void describe('lexExpression', () => {
  const cases: { expression: string; expected: string[] | string }[] = [
    { expression: '   ', expected: ['EOF@2'] },
    { expression: '', expected: ['EOF@0'] },
    { expression: ' 42  07 ', expected: ['NUMBER@1:42', 'NUMBER@5:07', 'EOF@7'] },
    {
      expression: `"eth 0" 'br-ex' ""`,
      expected: ['STRING@0:eth 0', 'STRING@8:br-ex', 'STRING@16', 'EOF@17'],
    },
    {
      expression: 'routes.running.0.next-hop-interface',
      expected: [
        'IDENTITY@0:routes',
        'DOT@6:.',
        'IDENTITY@7:running',
        'DOT@14:.',
        'NUMBER@15:0',
        'DOT@16:.',
        'IDENTITY@17:next-hop-interface',
        'EOF@34',
      ],
    },
    {
      expression: 'capture.a|x:=true',
      expected: [
        'IDENTITY@0:capture',
        'DOT@7:.',
        'IDENTITY@8:a',
        'PIPE@9:|',
        'IDENTITY@10:x',
        'REPLACE@11::=',
        'BOOLEAN@13:true',
        'EOF@16',
      ],
    },
    {
      expression: 'a==b!=c+d',
      expected: [
        'IDENTITY@0:a',
        'EQFILTER@1:==',
        'IDENTITY@3:b',
        'NEFILTER@4:!=',
        'IDENTITY@6:c',
        'MERGE@7:+',
        'IDENTITY@8:d',
        'EOF@8',
      ],
    },
    { expression: 'name=eth0', expected: 'illegal-character@4: illegal rune =' },
    { expression: 'a:b', expected: 'illegal-character@1: illegal rune :' },
    { expression: ' mtu -1', expected: 'illegal-character@5: illegal rune -' },
    {
      expression: 'id==1e3',
      expected: 'invalid-number@5: invalid number format (e is not a digit)',
    },
    { expression: '2,3', expected: 'invalid-number@1: invalid number format (, is not a digit)' },
    {
      expression: 'x=="open',
      expected: 'unterminated-string@3: invalid string format (missing " terminator)',
    },
    {
      expression: "x=='open",
      expected: "unterminated-string@3: invalid string format (missing ' terminator)",
    },
    { expression: 'a_b', expected: 'illegal-character@1: illegal rune _' },
  ];
  for (const { expression, expected } of cases) {
    void it(`lexes ${JSON.stringify(expression)}`, () => {
      assert.deepEqual(compact(expression), expected);
    });
  }
});
