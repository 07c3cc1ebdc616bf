import convert from 'color-convert';

/**
 * Colour as a Zigbee lamp holds it (ZCL Color Control) and as the hub's devices do (light_hue and light_saturation,
 * 0..1): a hue and saturation are a point of CIE 1931 xy, which ZCL counts in 65536ths. color-convert does the
 * colour science (sRGB, D65).
 */

/** ZCL's largest x or y (0xfeff). */
const MAX_XY = 0xfeff;
/** The luminance (of 100) an xy point is lit at to find its hue: low enough that few colours clip in sRGB. */
const LUMINANCE = 20;

export interface HueSaturation {
  hue: number;
  saturation: number;
}

/** The xy point of a hue and saturation at full brightness. */
export function xyOf({ hue, saturation }: HueSaturation): { x: number; y: number } {
  const [X, Y, Z] = convert.hsv.xyz.raw([hue * 360, saturation * 100, 100]);
  const sum = X + Y + Z || 1;
  const scaled = (part: number) => Math.min(MAX_XY, Math.round((part / sum) * 65536));
  return { x: scaled(X), y: scaled(Y) };
}

/** The hue and saturation of an xy point (a colour outside sRGB comes out as the nearest sRGB can show). */
export function hueSaturationOf(x: number, y: number): HueSaturation {
  const cx = x / 65536;
  const cy = Math.max(y, 1) / 65536;
  const [h, s] = convert.xyz.hsv.raw([(cx / cy) * LUMINANCE, LUMINANCE, ((1 - cx - cy) / cy) * LUMINANCE]);
  return { hue: h / 360, saturation: s / 100 };
}
