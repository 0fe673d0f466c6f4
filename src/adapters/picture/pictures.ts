// Pictures for people (the approval crop, the console's view, the report, the painted-over
// secret): decoding a camera frame to pixels and encoding pixels back to a small JPEG or PNG. The
// one place outside the camera, the observer and the virtual bench that touches sharp; loaded on
// first use, so a command that shows no picture never loads it.

export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function loadSharp() {
  return (await import('sharp')).default;
}

/** The frame's pixels without alpha (`srgb`: grey pictures expanded to the sRGB colour space). */
export async function decodePixels(image: Uint8Array, options: { srgb?: boolean } = {}): Promise<RawPicture> {
  const sharp = await loadSharp();
  const decoded = sharp(image).removeAlpha();
  const { data, info } = await (options.srgb ? decoded.toColourspace('srgb') : decoded)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** An SVG drawn over a picture with its top left corner at (left, top). */
export interface PlacedSvg {
  svg: Buffer;
  top: number;
  left: number;
}

/**
 * RGB pixels as a JPEG, with SVGs drawn over them when given (a marker, a ring, a caption bar). An
 * SVG costs in proportion to its canvas, so a small one placed where it goes is cheaper than one the
 * picture's size.
 */
export async function encodeJpeg(
  rgb: Uint8Array,
  size: { width: number; height: number },
  quality: number,
  overlay?: Buffer | readonly PlacedSvg[],
): Promise<Buffer> {
  const sharp = await loadSharp();
  const picture = sharp(rgb, { raw: { width: size.width, height: size.height, channels: 3 } });
  const placed = overlay === undefined ? [] : Buffer.isBuffer(overlay) ? [{ svg: overlay, top: 0, left: 0 }] : overlay;
  const drawn = placed.length
    ? picture.composite(placed.map(({ svg, top, left }) => ({ input: svg, top, left })))
    : picture;
  return drawn.jpeg({ quality }).toBuffer();
}

/** An encoded picture scaled down to at most `maxWidth` (never up), as a JPEG, with its new size. */
export async function scaledJpeg(
  image: Uint8Array,
  maxWidth: number,
  quality: number,
): Promise<{ data: Buffer; width: number; height: number; originalWidth: number }> {
  const sharp = await loadSharp();
  const meta = await sharp(image).metadata();
  const { data, info } = await sharp(image)
    .resize({ width: maxWidth, withoutEnlargement: true })
    .jpeg({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, originalWidth: meta.width! };
}

/** An SVG painted over an encoded picture, kept in its format (PNG, or JPEG at quality 90). */
export async function paintOverPicture(image: Uint8Array, svg: Buffer, format: 'png' | 'jpeg'): Promise<Buffer> {
  const sharp = await loadSharp();
  const painted = sharp(image).composite([{ input: svg, top: 0, left: 0 }]);
  return format === 'png' ? painted.png().toBuffer() : painted.jpeg({ quality: 90 }).toBuffer();
}
