import { Resvg } from '@resvg/resvg-js';
import { badRequest } from '../../http/errors.js';

/** An SVG drawn as a PNG `size` pixels wide (its height follows its aspect ratio, square for every icon here). */
export function renderPng(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** Refuses (400) text that resvg cannot read as an SVG with a size, before it is stored. */
export function requireRenderable(svg: string): void {
  try {
    const { width, height } = new Resvg(svg);
    if (!(width > 0 && height > 0)) throw new Error('no size');
  } catch {
    throw badRequest('The icon is not an SVG image that can be drawn');
  }
}
