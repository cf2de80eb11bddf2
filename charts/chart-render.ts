// Helm is not installed here, so the chart test renders templates with this small Go-template
// engine. It supports only what charts/switchboard uses (listed in templates/_helpers.tpl) and
// throws on anything else, so a template that needs more fails loudly instead of rendering wrong.
// Rendering for real (not stripping actions) lets the test check the manifests users will get.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

type Dict = Record<string, unknown>;

interface TextNode {
  t: 'text';
  text: string;
}
interface ExprNode {
  t: 'expr';
  expr: string;
  where: string;
}
interface IfNode {
  t: 'if';
  branches: { cond: string; body: TplNode[] }[];
  otherwise: TplNode[];
  where: string;
}
interface RangeNode {
  t: 'range';
  expr: string;
  body: TplNode[];
  otherwise: TplNode[];
  where: string;
}
interface DefineNode {
  t: 'define';
  name: string;
  body: TplNode[];
}
type TplNode = TextNode | ExprNode | IfNode | RangeNode | DefineNode;

interface Token {
  kind: 'text' | 'action';
  text: string;
  trimLeft: boolean;
  trimRight: boolean;
  where: string;
}

const isObject = (v: unknown): v is Dict =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Splits a template into text and `{{ }}` actions; throws on a stray or unclosed delimiter. */
export function lex(src: string, file: string): Token[] {
  const tokens: Token[] = [];
  const where = (at: number): string => `${file}:${src.slice(0, at).split('\n').length}`;
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    const stray = src.indexOf('}}', i);
    if (stray !== -1 && (open === -1 || stray < open)) {
      throw new Error(`${where(stray)}: "}}" without a matching "{{"`);
    }
    const end = open === -1 ? src.length : open;
    tokens.push({
      kind: 'text',
      text: src.slice(i, end),
      trimLeft: false,
      trimRight: false,
      where: where(i),
    });
    if (open === -1) break;
    let j = open + 2;
    const trimLeft = /^-\s/.test(src.slice(j, j + 2));
    if (trimLeft) j += 1;
    let k = j;
    let body = '';
    for (;;) {
      if (k >= src.length) throw new Error(`${where(open)}: "{{" is never closed`);
      const c = src[k];
      if (src.startsWith('/*', k)) {
        const close = src.indexOf('*/', k + 2);
        if (close === -1) throw new Error(`${where(k)}: unclosed comment`);
        k = close + 2;
        continue;
      }
      if (c === '"') {
        k += 1;
        while (k < src.length && src[k] !== '"') k += src[k] === '\\' ? 2 : 1;
        k += 1;
        continue;
      }
      if (src.startsWith('{{', k)) throw new Error(`${where(k)}: "{{" inside an action`);
      if (src.startsWith('}}', k)) break;
      k += 1;
    }
    body = src.slice(j, k);
    const trimRight = /\s-$/.test(body);
    if (trimRight) body = body.slice(0, -1);
    body = body.trim();
    tokens.push({ kind: 'action', text: body, trimLeft, trimRight, where: where(open) });
    i = k + 2;
  }
  // `{{-` and `-}}` remove all whitespace, newlines included, on their side.
  tokens.forEach((tok, n) => {
    if (tok.kind !== 'action') return;
    const before = tokens[n - 1];
    const after = tokens[n + 1];
    if (tok.trimLeft && before?.kind === 'text') before.text = before.text.replace(/\s+$/, '');
    if (tok.trimRight && after?.kind === 'text') after.text = after.text.replace(/^\s+/, '');
  });
  return tokens;
}

/** Builds the block tree; throws when `if`/`range`/`define` are not closed by `end`. */
export function parseTemplate(src: string, file: string): TplNode[] {
  const tokens = lex(src, file);
  let pos = 0;
  function list(closers: string[]): { nodes: TplNode[]; closer: Token | undefined } {
    const nodes: TplNode[] = [];
    while (pos < tokens.length) {
      const tok = tokens[pos++];
      if (!tok) break;
      if (tok.kind === 'text') {
        if (tok.text !== '') nodes.push({ t: 'text', text: tok.text });
        continue;
      }
      const body = tok.text;
      if (body.startsWith('/*')) continue;
      const word = /^(\w+)\b/.exec(body)?.[1] ?? '';
      if (word === 'end' || word === 'else') {
        if (!closers.includes(word)) throw new Error(`${tok.where}: unexpected {{ ${body} }}`);
        return { nodes, closer: tok };
      }
      if (word === 'if') {
        const node: IfNode = { t: 'if', branches: [], otherwise: [], where: tok.where };
        let cond = body.slice(2).trim();
        for (;;) {
          const { nodes: inner, closer } = list(['else', 'end']);
          node.branches.push({ cond, body: inner });
          if (!closer) throw new Error(`${tok.where}: {{ if }} without {{ end }}`);
          if (closer.text === 'end') break;
          const elseIf = /^else\s+if\s+(.*)$/.exec(closer.text);
          if (elseIf?.[1]) {
            cond = elseIf[1];
            continue;
          }
          const rest = list(['end']);
          if (!rest.closer) throw new Error(`${tok.where}: {{ else }} without {{ end }}`);
          node.otherwise = rest.nodes;
          break;
        }
        nodes.push(node);
        continue;
      }
      if (word === 'range') {
        const { nodes: inner, closer } = list(['else', 'end']);
        if (!closer) throw new Error(`${tok.where}: {{ range }} without {{ end }}`);
        let otherwise: TplNode[] = [];
        if (closer.text === 'else') {
          const rest = list(['end']);
          if (!rest.closer) throw new Error(`${tok.where}: {{ else }} without {{ end }}`);
          otherwise = rest.nodes;
        }
        nodes.push({
          t: 'range',
          expr: body.slice(5).trim(),
          body: inner,
          otherwise,
          where: tok.where,
        });
        continue;
      }
      if (word === 'define') {
        const name = /^define\s+"([^"]+)"$/.exec(body)?.[1];
        if (!name) throw new Error(`${tok.where}: unreadable {{ ${body} }}`);
        const { nodes: inner, closer } = list(['end']);
        if (!closer) throw new Error(`${tok.where}: {{ define }} without {{ end }}`);
        nodes.push({ t: 'define', name, body: inner });
        continue;
      }
      if (['with', 'block', 'template'].includes(word) || /:=|(^|\s)\$\w/.test(body)) {
        throw new Error(`${tok.where}: {{ ${body} }} is outside the supported template subset`);
      }
      nodes.push({ t: 'expr', expr: body, where: tok.where });
    }
    if (closers.length > 0) return { nodes, closer: undefined };
    return { nodes, closer: undefined };
  }
  const { nodes } = list([]);
  return nodes;
}

/** Go template truthiness: false, 0, nil and empty strings, lists and maps are false. */
export function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObject(v)) return Object.keys(v).length > 0;
  return true;
}

type Operand =
  | { kind: 'lit'; value: unknown }
  | { kind: 'ref'; path: string }
  | { kind: 'fn'; name: string }
  | { kind: 'group'; tokens: string[] };

function tokenizeExpr(expr: string): string[] {
  const out: string[] = [];
  const re = /\s*("(?:[^"\\]|\\.)*"|\(|\)|\||[^\s()|]+)\s*/y;
  while (re.lastIndex < expr.length) {
    const m = re.exec(expr);
    if (!m?.[1]) throw new Error(`cannot read "${expr.slice(re.lastIndex)}"`);
    out.push(m[1]);
  }
  return out;
}

function goQuote(s: string): string {
  return JSON.stringify(s);
}

function goPrint(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new Error(`cannot print ${JSON.stringify(v)}; use toYaml`);
}

export interface Chart {
  dir: string;
  name: string;
  meta: Dict;
  files: Map<string, TplNode[]>;
  defines: Map<string, TplNode[]>;
}

export function loadChart(dir: string): Chart {
  const meta = parse(readFileSync(join(dir, 'Chart.yaml'), 'utf8')) as Dict;
  const name = String(meta.name);
  const files = new Map<string, TplNode[]>();
  const defines = new Map<string, TplNode[]>();
  for (const file of readdirSync(join(dir, 'templates')).sort()) {
    const nodes = parseTemplate(
      readFileSync(join(dir, 'templates', file), 'utf8'),
      `templates/${file}`,
    );
    files.set(`${name}/templates/${file}`, nodes);
    for (const node of nodes) if (node.t === 'define') defines.set(node.name, node.body);
  }
  return { dir, name, meta, files, defines };
}

interface Scope {
  dot: unknown;
  root: unknown;
}

export class Renderer {
  constructor(private readonly chart: Chart) {}

  /** Every rendered template file (not `_*` helpers), keyed like Helm: `<chart>/templates/x`. */
  renderAll(
    values: Dict,
    release = { Name: 'switchboard', Namespace: 'switchboard' },
  ): Map<string, string> {
    const root = this.context(values, release);
    const out = new Map<string, string>();
    for (const [name, nodes] of this.chart.files) {
      if (name.split('/').at(-1)?.startsWith('_')) continue;
      out.set(name, this.render(nodes, { dot: root, root }));
    }
    return out;
  }

  private context(values: Dict, release: { Name: string; Namespace: string }): Dict {
    const meta = this.chart.meta;
    return {
      Values: values,
      Release: { ...release, Service: 'Helm', IsInstall: true, IsUpgrade: false },
      Chart: { Name: meta.name, Version: meta.version, AppVersion: meta.appVersion },
      Template: { BasePath: `${this.chart.name}/templates` },
    };
  }

  private render(nodes: TplNode[], scope: Scope): string {
    let out = '';
    for (const node of nodes) {
      switch (node.t) {
        case 'text':
          out += node.text;
          break;
        case 'define':
          break;
        case 'expr':
          out += goPrint(this.evalPipeline(node.expr, scope, node.where));
          break;
        case 'if': {
          const branch = node.branches.find((b) =>
            truthy(this.evalPipeline(b.cond, scope, node.where)),
          );
          out += this.render(branch ? branch.body : node.otherwise, scope);
          break;
        }
        case 'range': {
          const v = this.evalPipeline(node.expr, scope, node.where);
          const items = Array.isArray(v)
            ? v
            : isObject(v)
              ? Object.keys(v)
                  .sort()
                  .map((k) => v[k])
              : [];
          if (items.length === 0) out += this.render(node.otherwise, scope);
          for (const item of items) out += this.render(node.body, { dot: item, root: scope.root });
          break;
        }
      }
    }
    return out;
  }

  private include(name: string, dot: unknown): string {
    const body = this.chart.defines.get(name) ?? this.chart.files.get(name);
    if (!body) throw new Error(`include of unknown template "${name}"`);
    return this.render(body, { dot, root: dot });
  }

  private evalPipeline(expr: string, scope: Scope, where: string): unknown {
    try {
      return this.evalTokens(tokenizeExpr(expr), scope);
    } catch (err) {
      if (err instanceof RequiredError) throw err;
      throw new Error(
        `${where}: {{ ${expr} }}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  private evalTokens(tokens: string[], scope: Scope): unknown {
    const commands: Operand[][] = [[]];
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i] ?? '';
      if (tok === '|') {
        commands.push([]);
        continue;
      }
      let operand: Operand;
      if (tok === '(') {
        let depth = 1;
        const start = i + 1;
        while (depth > 0) {
          i += 1;
          if (i >= tokens.length) throw new Error('unbalanced parentheses');
          if (tokens[i] === '(') depth += 1;
          if (tokens[i] === ')') depth -= 1;
        }
        operand = { kind: 'group', tokens: tokens.slice(start, i) };
      } else if (tok.startsWith('"')) {
        operand = { kind: 'lit', value: JSON.parse(tok) as string };
      } else if (/^-?\d+$/.test(tok)) {
        operand = { kind: 'lit', value: Number(tok) };
      } else if (tok === 'true' || tok === 'false') {
        operand = { kind: 'lit', value: tok === 'true' };
      } else if (tok.startsWith('.') || tok.startsWith('$')) {
        operand = { kind: 'ref', path: tok };
      } else if (/^[a-zA-Z]\w*$/.test(tok)) {
        operand = { kind: 'fn', name: tok };
      } else {
        throw new Error(`unsupported token ${tok}`);
      }
      commands.at(-1)?.push(operand);
    }
    let piped: unknown[] = [];
    for (const command of commands) {
      const [head, ...rest] = command;
      if (!head) throw new Error('empty command');
      if (head.kind === 'fn') {
        const args = rest.map((o) => this.operand(o, scope));
        piped = [this.call(head.name, [...args, ...piped])];
      } else {
        if (rest.length > 0 || piped.length > 0) throw new Error('a value cannot take arguments');
        piped = [this.operand(head, scope)];
      }
    }
    return piped[0];
  }

  private operand(o: Operand, scope: Scope): unknown {
    switch (o.kind) {
      case 'lit':
        return o.value;
      case 'group':
        return this.evalTokens(o.tokens, scope);
      case 'fn':
        return this.call(o.name, []);
      case 'ref': {
        const start = o.path.startsWith('$') ? scope.root : scope.dot;
        const fields = o.path.replace(/^\$/, '').split('.').filter(Boolean);
        let v: unknown = start;
        for (const f of fields) v = isObject(v) ? v[f] : undefined;
        return v;
      }
    }
  }

  private call(name: string, args: unknown[]): unknown {
    const str = (v: unknown): string => goPrint(v);
    const num = (v: unknown): number => Number(v);
    switch (name) {
      case 'include':
        return this.include(str(args[0]), args[1]);
      case 'default':
        return truthy(args[1]) ? args[1] : args[0];
      case 'printf': {
        let n = 1;
        return str(args[0]).replace(/%[sdv]/g, () => str(args[n++]));
      }
      case 'print':
        return args.map(str).join('');
      case 'required':
        if (args[1] === undefined || args[1] === null || args[1] === '')
          throw new RequiredError(str(args[0]));
        return args[1];
      case 'quote':
        return args.map((a) => goQuote(str(a))).join(' ');
      case 'toYaml':
        return stringify(args[0]).replace(/\n$/, '');
      case 'indent':
        return str(args[1]).replace(/^/gm, ' '.repeat(num(args[0])));
      case 'nindent':
        return `\n${str(args[1]).replace(/^/gm, ' '.repeat(num(args[0])))}`;
      case 'trim':
        return str(args[0]).trim();
      case 'sha256sum':
        return createHash('sha256').update(str(args[0])).digest('hex');
      case 'not':
        return !truthy(args[0]);
      case 'and':
        return args.find((a) => !truthy(a)) ?? args.at(-1);
      case 'or':
        return args.find((a) => truthy(a)) ?? args.at(-1);
      case 'eq':
        return args[0] === args[1];
      default:
        throw new Error(`function ${name} is outside the supported template subset`);
    }
  }
}

/** What Helm's `required` reports; a test asserts the message for a missing image. */
export class RequiredError extends Error {}

/** `.Values.a.b` paths referenced anywhere in the chart's templates. */
export function valuesPaths(chartDir: string): Set<string> {
  const paths = new Set<string>();
  for (const file of readdirSync(join(chartDir, 'templates'))) {
    const text = readFileSync(join(chartDir, 'templates', file), 'utf8');
    for (const m of text.matchAll(/\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)) {
      if (m[1]) paths.add(m[1].slice(1));
    }
  }
  return paths;
}
