// Recursive-descent parser from tokens to an expression AST. The accepted grammar and the
// "<prefix>: <reason>" error wording follow upstream nmpolicy's parser and its tests:
//
//   expression := [ path "|" ] operation
//   operation  := path ( "==" | "!=" | ":=" ) value
//   value      := STRING | NUMBER | BOOLEAN | path
//   path       := IDENTITY ( "." ( IDENTITY | NUMBER ) )*
//
// A bare path or literal parses (upstream does too) and is rejected when resolved.
import type {
  CaptureErrorCode,
  ExpressionNode,
  OperatorKind,
  PathNode,
  PathStep,
  Result,
  Token,
  ValueNode,
} from './types';

const OPERATORS: Partial<
  Record<Token['type'], { kind: OperatorKind; prefix: string; code: CaptureErrorCode }>
> = {
  EQFILTER: {
    kind: 'eqfilter',
    prefix: 'invalid equality filter',
    code: 'invalid-equality-filter',
  },
  NEFILTER: {
    kind: 'nefilter',
    prefix: 'invalid inequality filter',
    code: 'invalid-inequality-filter',
  },
  REPLACE: { kind: 'replace', prefix: 'invalid replace', code: 'invalid-replace' },
};

class ParseFailure extends Error {
  constructor(
    readonly code: CaptureErrorCode,
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    // The lexer always ends with EOF, so clamping keeps peek total.
    const last = this.tokens[this.tokens.length - 1] ?? { type: 'EOF', literal: '', position: 0 };
    return this.tokens[this.index] ?? last;
  }

  private advance(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index += 1;
    return token;
  }

  parse(): ExpressionNode {
    const first = this.peek();
    if (first.type === 'EOF') return { kind: 'bare', position: first.position, node: null };
    if (first.type === 'PIPE') {
      throw new ParseFailure(
        'invalid-pipe',
        'invalid pipe: missing pipe in expression',
        first.position,
      );
    }
    const leading = this.parseOperand();
    if (this.peek().type === 'PIPE') {
      const pipe = this.advance();
      if (leading === null || leading.kind !== 'path') {
        throw new ParseFailure(
          'invalid-pipe',
          'invalid pipe: only paths can be piped in',
          pipe.position,
        );
      }
      if (this.peek().type === 'EOF') {
        throw new ParseFailure(
          'invalid-pipe',
          'invalid pipe: missing pipe out expression',
          pipe.position,
        );
      }
      return this.parseOperation(leading, this.parseOperand());
    }
    return this.parseOperation(null, leading);
  }

  private parseOperation(source: PathNode | null, left: ValueNode | null): ExpressionNode {
    const token = this.peek();
    const operator = OPERATORS[token.type];
    if (operator === undefined) {
      this.expectEnd();
      return { kind: 'bare', position: left?.position ?? token.position, node: left };
    }
    this.advance();
    if (left === null) {
      throw new ParseFailure(
        operator.code,
        `${operator.prefix}: missing left hand argument`,
        token.position,
      );
    }
    if (left.kind !== 'path') {
      throw new ParseFailure(
        operator.code,
        `${operator.prefix}: left hand argument is not a path`,
        token.position,
      );
    }
    const valueToken = this.peek();
    if (valueToken.type === 'EOF') {
      throw new ParseFailure(
        operator.code,
        `${operator.prefix}: missing right hand argument`,
        valueToken.position,
      );
    }
    const value = this.parseOperand();
    if (value === null) {
      throw new ParseFailure(
        operator.code,
        `${operator.prefix}: right hand argument is not a string or identity`,
        valueToken.position,
      );
    }
    this.expectEnd();
    return { kind: operator.kind, position: token.position, source, path: left, value };
  }

  private expectEnd(): void {
    const token = this.peek();
    if (token.type === 'EOF') return;
    if (token.type === 'MERGE') {
      throw new ParseFailure(
        'invalid-expression',
        'invalid expression: the merge operator `+` is not supported',
        token.position,
      );
    }
    throw new ParseFailure(
      'invalid-expression',
      `invalid expression: unexpected token \`${token.literal}\``,
      token.position,
    );
  }

  /** A value-like operand, or null when the current token cannot start one. */
  private parseOperand(): ValueNode | null {
    const token = this.peek();
    switch (token.type) {
      case 'STRING':
        this.advance();
        return { kind: 'string', position: token.position, value: token.literal };
      case 'NUMBER':
        this.advance();
        return { kind: 'number', position: token.position, value: Number(token.literal) };
      case 'BOOLEAN':
        this.advance();
        return { kind: 'boolean', position: token.position, value: token.literal === 'true' };
      case 'IDENTITY':
        return this.parsePath();
      case 'EOF':
      case 'PIPE':
      case 'REPLACE':
      case 'EQFILTER':
      case 'NEFILTER':
        return null;
      case 'DOT':
      case 'MERGE':
        throw new ParseFailure(
          'invalid-expression',
          `invalid expression: unexpected token \`${token.literal}\``,
          token.position,
        );
    }
  }

  private parsePath(): PathNode {
    const head = this.advance();
    const steps: PathStep[] = [{ kind: 'identity', name: head.literal, position: head.position }];
    for (;;) {
      const token = this.peek();
      if (token.type === 'DOT') {
        this.advance();
        const step = this.peek();
        if (step.type === 'IDENTITY' || step.type === 'BOOLEAN') {
          // `true`/`false` are ordinary keys inside a path.
          this.advance();
          steps.push({ kind: 'identity', name: step.literal, position: step.position });
        } else if (step.type === 'NUMBER') {
          this.advance();
          steps.push({ kind: 'index', index: Number(step.literal), position: step.position });
        } else {
          throw new ParseFailure(
            'invalid-path',
            'invalid path: missing identity or number after dot',
            step.position,
          );
        }
      } else if (
        token.type === 'IDENTITY' ||
        token.type === 'STRING' ||
        token.type === 'NUMBER' ||
        token.type === 'BOOLEAN'
      ) {
        throw new ParseFailure('invalid-path', 'invalid path: missing dot', token.position);
      } else {
        return { kind: 'path', position: head.position, steps };
      }
    }
  }
}

export function parseTokens(tokens: Token[]): Result<ExpressionNode> {
  try {
    return { ok: true, value: new Parser(tokens).parse() };
  } catch (failure) {
    if (failure instanceof ParseFailure) {
      return {
        ok: false,
        error: { code: failure.code, message: failure.message, position: failure.position },
      };
    }
    throw failure;
  }
}
