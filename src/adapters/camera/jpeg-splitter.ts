// Splits an MJPEG byte stream (concatenated JPEGs, as rpicam-vid and ffmpeg write them) into
// whole JPEG pictures by their start (FF D8) and end (FF D9) markers. Pure byte handling.

export class JpegSplitter {
  private buffer: Buffer = Buffer.alloc(0);

  /** Feeds bytes; returns every picture completed by them. */
  push(chunk: Buffer): Buffer[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const pictures: Buffer[] = [];
    for (;;) {
      const start = this.buffer.indexOf(SOI);
      if (start < 0) {
        this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - 1));
        break;
      }
      const end = this.buffer.indexOf(EOI, start + 2);
      if (end < 0) {
        this.buffer = this.buffer.subarray(start);
        break;
      }
      pictures.push(Buffer.from(this.buffer.subarray(start, end + 2)));
      this.buffer = this.buffer.subarray(end + 2);
    }
    return pictures;
  }
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

/** Width and height from a JPEG's start-of-frame segment, without decoding it. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    if (jpeg[offset] !== 0xff) return undefined;
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}
