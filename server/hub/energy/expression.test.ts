import { ApiError } from '../../http/errors.js';
import { evaluate, parseExpression, userPrice } from './expression.js';

describe('user costs expressions', () => {
  it.each([
    ['price', 0.2, 0.2],
    ['(price + 0.15) * 1.21', 0.1, 0.3025],
    ['price * 1.21 + 0.15', 0.1, 0.271],
    ['2 * -price', 0.5, -1],
    ['1 - 2 - 3', 0, -4],
    ['8 / 4 / 2', 0, 1],
    ['-(price - .5) * 2', 1, -1],
    [' 3 +  price ', 1, 4],
  ])('when %s is evaluated at price %d, then it is %d', (source, price, expected) => {
    expect(evaluate(parseExpression(source), price)).toBeCloseTo(expected, 10);
  });

  it.each([['price +'], ['()'], ['price ** 2'], ['Math.max(1)'], ['constructor'], ['1e3'], ['price)'], ['']])('when %j is parsed, then 400', (source) => {
    expect(() => parseExpression(source)).toThrow(ApiError);
  });

  it('when the expression divides by zero, then the user price is null; without an expression it is the price', () => {
    expect(userPrice('1 / (price - 1)', 1)).toBeNull();
    expect(userPrice(null, 0.42)).toBe(0.42);
  });
});
