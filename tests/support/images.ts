// Real image bytes for upload tests, made in memory.
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of the given size, filled with a diagonal gradient of `hue`. */
export function makePng(width = 32, height = 32, hue: [number, number, number] = [163, 230, 53]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0
    for (let x = 0; x < width; x++) {
      const shade = (x + y) / (width + height);
      row[1 + x * 3] = Math.round(hue[0] * shade);
      row[2 + x * 3] = Math.round(hue[1] * shade);
      row[3 + x * 3] = Math.round(hue[2] * shade);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG signature followed by padding: `size` bytes that sniff as PNG. */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  makePng(1, 1).copy(bytes);
  return bytes;
}
