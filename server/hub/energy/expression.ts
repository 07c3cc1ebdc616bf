import { badRequest } from '../../http/errors.js';

/**
 * User costs as a formula of the market price, e.g. `(price + 0.15) * 1.21`: numbers, the variable `price`,
 * + - * /, unary minus and parentheses. Parsed by a small recursive-descent parser into a tree that is walked to
 * evaluate it; the text is never run as code.
 */
type Node =
  | { kind: 'number'; value: number }
  | { kind: 'price' }
  | { kind: 'negate'; operand: Node }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: Node; right: Node };

type Token = { text: string; at: number };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?|\.\d+)|(price)\b|([-+*/()]))/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const from = TOKEN.lastIndex;
    if (/^\s*$/.test(source.slice(from))) break;
    const match = TOKEN.exec(source);
    if (!match) {
      const at = from + (source.slice(from).length - source.slice(from).trimStart().length);
      throw badRequest(`mathExpression: unexpected "${source[at]}" at position ${at + 1}; use numbers, price, + - * / and parentheses`);
    }
    tokens.push({ text: match[1] ?? match[2] ?? match[3]!, at: TOKEN.lastIndex - (match[1] ?? match[2] ?? match[3]!).length });
  }
  return tokens;
}

export function parseExpression(source: string): Node {
  const tokens = tokenize(source);
  let next = 0;
  const peek = () => tokens[next]?.text;
  const fail = (expected: string): never => {
    const token = tokens[next];
    throw badRequest(`mathExpression: expected ${expected} ${token ? `at position ${token.at + 1}, found "${token.text}"` : 'at the end'}`);
  };
  const sum = (): Node => {
    let left = product();
    while (peek() === '+' || peek() === '-') {
      const operator = tokens[next++]!.text as '+' | '-';
      left = { kind: 'binary', operator, left, right: product() };
    }
    return left;
  };
  const product = (): Node => {
    let left = factor();
    while (peek() === '*' || peek() === '/') {
      const operator = tokens[next++]!.text as '*' | '/';
      left = { kind: 'binary', operator, left, right: factor() };
    }
    return left;
  };
  const factor = (): Node => {
    const text = peek();
    if (text === '-' || text === '+') {
      next++;
      const operand = factor();
      return text === '-' ? { kind: 'negate', operand } : operand;
    }
    if (text === '(') {
      next++;
      const inner = sum();
      if (peek() !== ')') fail('")"');
      next++;
      return inner;
    }
    if (text === 'price') return next++, { kind: 'price' };
    if (text !== undefined && /^[\d.]/.test(text)) return next++, { kind: 'number', value: Number(text) };
    return fail('a number, price or "("');
  };
  const tree = sum();
  if (next < tokens.length) fail('an operator');
  return tree;
}

export function evaluate(node: Node, price: number): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'price':
      return price;
    case 'negate':
      return -evaluate(node.operand, price);
    case 'binary': {
      const left = evaluate(node.left, price);
      const right = evaluate(node.right, price);
      if (node.operator === '+') return left + right;
      if (node.operator === '-') return left - right;
      return node.operator === '*' ? left * right : left / right;
    }
  }
}

/** The user price for a market price; null when the formula has no finite result there (a division by zero). */
export function userPrice(source: string | null, price: number): number | null {
  if (source === null) return price;
  const result = evaluate(parseExpression(source), price);
  return Number.isFinite(result) ? Math.round(result * 1e6) / 1e6 : null;
}
