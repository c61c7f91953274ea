// issue 13 #7: a patient's photo must not carry where it was taken. Every EXIF and XMP block (GPS,
// camera serial, dates, thumbnails) and every text comment is taken out of JPEG, PNG and HEIC files
// before they are stored; the pixels are never decoded or re-encoded, so the picture is exactly the
// one the patient took. Only the orientation survives, as a one-entry EXIF block, so a photo taken
// sideways still shows upright. Why hand-written: no npm library strips all three formats on Node 20
// without re-encoding (sharp re-encodes and its bundled libvips reads no HEVC HEIC; exiftool needs
// Perl and Node 22) — see docs/decisions/004-upload-metadata-stripping.md.
import { crc32 } from 'node:zlib';

/** Thrown when the file's structure cannot be walked; the upload is refused rather than kept as is. */
export class UnreadableImageError extends Error {}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const ICC_HEADER = Buffer.from('ICC_PROFILE\0', 'latin1');
const ADOBE_HEADER = Buffer.from('Adobe', 'latin1');

/** Removes location and other metadata from an accepted upload; other types come back unchanged. */
export function stripMetadata(contentType: string, data: Buffer): Buffer {
  try {
    switch (contentType) {
      case 'image/jpeg':
        return stripJpeg(data);
      case 'image/png':
        return stripPng(data);
      case 'image/heic':
      case 'image/heif':
        return stripHeif(data);
      default:
        return data;
    }
  } catch (error) {
    // A damaged file whose lengths point past its end makes a Buffer read throw a RangeError
    // (fast-check found one inside EXIF): that is an unreadable image, not a crash.
    if (error instanceof RangeError) throw new UnreadableImageError('image data cut off', { cause: error });
    throw error;
  }
}

// ---- EXIF (TIFF) helpers ----

/** The Orientation (tag 0x0112) of IFD0 in a TIFF block, or null when absent or unreadable. */
export function tiffOrientation(tiff: Buffer): number | null {
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** A TIFF block holding only IFD0's Orientation (or no entry at all for null). */
function orientationOnlyTiff(orientation: number | null): Buffer {
  if (orientation === null) {
    // Header, IFD0 at 8 with no entries, no next IFD.
    return Buffer.from('4d4d002a000000080000' + '00000000', 'hex');
  }
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}

// ---- JPEG ----

/** APP segments kept: JFIF/JFXX (APP0), the ICC colour profile (APP2) and Adobe's colour transform (APP14). */
function keepJpegSegment(marker: number, body: Buffer): boolean {
  if (marker === 0xe0) return true;
  if (marker === 0xe2) return body.subarray(0, ICC_HEADER.length).equals(ICC_HEADER);
  if (marker === 0xee) return body.subarray(0, ADOBE_HEADER.length).equals(ADOBE_HEADER);
  if (marker >= 0xe1 && marker <= 0xef) return false; // EXIF, XMP, MPF, IPTC/Photoshop, vendor blocks
  return marker !== 0xfe; // comments go; tables, frames and scans stay
}

export function stripJpeg(data: Buffer): Buffer {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) throw new UnreadableImageError('not a JPEG');
  const out: Buffer[] = [data.subarray(0, 2)];
  let orientation: number | null = null;
  let insertAt = 1; // after SOI, or after APP0 when the file starts with one (JFIF wants to be first)
  let pos = 2;
  while (pos < data.length) {
    if (data[pos] !== 0xff) throw new UnreadableImageError('JPEG marker expected');
    while (data[pos + 1] === 0xff) pos++; // fill bytes
    const marker = data[pos + 1];
    if (marker === undefined) break;
    if (marker === 0xd9) {
      // End of image: anything after it (a second picture, a vendor trailer) is not kept.
      out.push(data.subarray(pos, pos + 2));
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(data.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > data.length) throw new UnreadableImageError('JPEG segment cut off');
    const length = data.readUInt16BE(pos + 2);
    if (length < 2) throw new UnreadableImageError('JPEG segment length');
    const end = pos + 2 + length;
    const body = data.subarray(pos + 4, Math.min(end, data.length));
    if (!keepJpegSegment(marker, body)) {
      if (marker === 0xe1 && body.subarray(0, 6).equals(EXIF_HEADER) && orientation === null) {
        orientation = tiffOrientation(body.subarray(6));
      }
      // A metadata segment that runs past the end takes the rest of the file with it.
      pos = end;
      continue;
    }
    out.push(data.subarray(pos, Math.min(end, data.length)));
    if (marker === 0xe0 && out.length === 2) insertAt = 2;
    if (end >= data.length) {
      pos = data.length;
      break;
    }
    pos = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      let scan = data.indexOf(0xff, pos);
      while (scan !== -1 && scan + 1 < data.length) {
        const next = data[scan + 1]!;
        if (next !== 0 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        scan = data.indexOf(0xff, scan + 1);
      }
      if (scan === -1 || scan + 1 >= data.length) scan = data.length; // no marker after it: keep the scan as sent
      out.push(data.subarray(pos, scan));
      pos = scan;
    }
  }
  if (orientation !== null && orientation !== 1) {
    const tiff = orientationOnlyTiff(orientation);
    const app1 = Buffer.alloc(4 + EXIF_HEADER.length + tiff.length);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(2 + EXIF_HEADER.length + tiff.length, 2);
    EXIF_HEADER.copy(app1, 4);
    tiff.copy(app1, 4 + EXIF_HEADER.length);
    out.splice(insertAt, 0, app1);
  }
  return Buffer.concat(out);
}

// ---- PNG ----

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
/** Chunks that carry metadata: EXIF, text (XMP lives in iTXt), the modification time. */
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function pngChunk(type: string, body: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + body.length);
  chunk.writeUInt32BE(body.length, 0);
  chunk.write(type, 4, 'latin1');
  body.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + body.length)), 8 + body.length);
  return chunk;
}

export function stripPng(data: Buffer): Buffer {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) throw new UnreadableImageError('not a PNG');
  const out: Buffer[] = [PNG_SIGNATURE];
  let orientation: number | null = null;
  let orientationSlot = -1;
  let pos = 8;
  while (pos < data.length) {
    if (pos + 8 > data.length) throw new UnreadableImageError('PNG chunk cut off');
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (PNG_METADATA.has(type)) {
      if (type === 'eXIf' && orientation === null) orientation = tiffOrientation(data.subarray(pos + 8, Math.min(pos + 8 + length, data.length)));
    } else {
      out.push(data.subarray(pos, Math.min(end, data.length)));
      // The orientation goes right after the header, before the image data.
      if (type === 'IHDR' && orientationSlot === -1) orientationSlot = out.push(Buffer.alloc(0)) - 1;
    }
    pos = end;
    if (type === 'IEND') break; // nothing after the end is kept
  }
  if (orientation !== null && orientation !== 1 && orientationSlot !== -1) {
    out[orientationSlot] = pngChunk('eXIf', orientationOnlyTiff(orientation));
  }
  return Buffer.concat(out);
}

// ---- HEIC / HEIF (ISO base media file format) ----

interface Box {
  type: string;
  /** Where the box's content starts (after its header) and ends. */
  start: number;
  end: number;
}

function boxesIn(data: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let pos = from;
  while (pos + 8 <= to) {
    let size = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > to) throw new UnreadableImageError('HEIF box cut off');
      size = Number(data.readBigUInt64BE(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = to - pos;
    }
    if (size < header || pos + size > to) throw new UnreadableImageError('HEIF box size');
    boxes.push({ type, start: pos + header, end: pos + size });
    pos += size;
  }
  return boxes;
}

function readUInt(data: Buffer, at: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (at + bytes > data.length) throw new UnreadableImageError('HEIF field cut off');
  if (bytes === 8) return Number(data.readBigUInt64BE(at));
  return data.readUIntBE(at, bytes);
}

function cString(data: Buffer, at: number, end: number): { value: string; next: number } {
  const zero = data.indexOf(0, at);
  const stop = zero === -1 || zero > end ? end : zero;
  return { value: data.toString('utf8', at, stop), next: stop + 1 };
}

/** Item ids holding EXIF, and those holding XMP (a `mime` item of type application/rdf+xml). */
function metadataItems(data: Buffer, iinf: Box): { exif: Set<number>; xmp: Set<number> } {
  const exif = new Set<number>();
  const xmp = new Set<number>();
  const version = data[iinf.start]!;
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  for (const infe of boxesIn(data, first, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const v = data[infe.start]!;
    if (v < 2) continue; // versions 0 and 1 describe no item types
    let at = infe.start + 4;
    const id = v === 2 ? readUInt(data, at, 2) : readUInt(data, at, 4);
    at += v === 2 ? 2 : 4;
    at += 2; // protection index
    const type = data.toString('latin1', at, at + 4);
    at += 4;
    if (type === 'Exif') exif.add(id);
    if (type === 'mime') {
      const name = cString(data, at, infe.end);
      const contentType = cString(data, name.next, infe.end);
      if (contentType.value.trim().toLowerCase() === 'application/rdf+xml') xmp.add(id);
    }
  }
  return { exif, xmp };
}

/** The byte ranges (in the file) of each wanted item, from the item location box. */
function itemRanges(data: Buffer, iloc: Box, idat: Box | undefined, wanted: Set<number>): Map<number, [number, number][]> {
  const ranges = new Map<number, [number, number][]>();
  const version = data[iloc.start]!;
  let at = iloc.start + 4;
  const sizes = data[at]!;
  const more = data[at + 1]!;
  at += 2;
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0xf;
  const baseOffsetSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 0xf : 0;
  const count = version < 2 ? readUInt(data, at, 2) : readUInt(data, at, 4);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? readUInt(data, at, 2) : readUInt(data, at, 4);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = readUInt(data, at, 2) & 0xf;
      at += 2;
    }
    at += 2; // data reference index
    const base = readUInt(data, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = readUInt(data, at, 2);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readUInt(data, at, offsetSize);
      at += offsetSize;
      const length = readUInt(data, at, lengthSize);
      at += lengthSize;
      if (!wanted.has(id)) continue;
      let start: number;
      if (method === 0) start = base + offset;
      else if (method === 1 && idat) start = idat.start + base + offset;
      else throw new UnreadableImageError('HEIF item stored where it cannot be rewritten');
      // A length of 0 means "to the end of the file": never a metadata item's shape, and
      // overwriting that would wipe the picture, so such a file is refused.
      if (length === 0) throw new UnreadableImageError('HEIF metadata item without a length');
      const end = start + length;
      if (end > data.length) throw new UnreadableImageError('HEIF item outside the file');
      ranges.set(id, [...(ranges.get(id) ?? []), [start, end]]);
    }
  }
  return ranges;
}

/** Writes `content` over the ranges in order, then fills what is left with `fill`. */
function overwrite(data: Buffer, ranges: [number, number][], content: Buffer, fill: number): void {
  let written = 0;
  for (const [start, end] of ranges) {
    data.fill(fill, start, end);
    const take = Math.min(end - start, content.length - written);
    if (take > 0) content.copy(data, start, written, written + take);
    written += Math.max(take, 0);
  }
}

/**
 * HEIF keeps EXIF and XMP as items whose bytes sit in `mdat` (or `idat`) at offsets other boxes
 * point to, so they are overwritten in place, at the same size: the EXIF item becomes an empty TIFF
 * block and the XMP item an empty packet padded with spaces. Nothing moves, so every offset in the
 * file stays right. HEIF shows orientation with its own `irot`/`imir` properties, which stay.
 */
export function stripHeif(input: Buffer): Buffer {
  const data = Buffer.from(input); // a copy: the caller's buffer stays as sent
  const meta = boxesIn(data, 0, data.length).find((b) => b.type === 'meta');
  if (!meta) return data;
  const children = boxesIn(data, meta.start + 4, meta.end);
  const iinf = children.find((b) => b.type === 'iinf');
  const iloc = children.find((b) => b.type === 'iloc');
  if (!iinf || !iloc) return data;
  const { exif, xmp } = metadataItems(data, iinf);
  if (exif.size === 0 && xmp.size === 0) return data;
  const idat = children.find((b) => b.type === 'idat');
  const ranges = itemRanges(data, iloc, idat, new Set([...exif, ...xmp]));
  // EXIF item: 4-byte offset to the TIFF header (0), then an empty TIFF block.
  const emptyExif = Buffer.concat([Buffer.alloc(4), orientationOnlyTiff(null)]);
  const emptyXmp = Buffer.from(
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>',
    'utf8',
  );
  const xmpEnd = Buffer.from('<?xpacket end="w"?>', 'utf8');
  for (const [id, parts] of ranges) {
    const size = parts.reduce((n, [s, e]) => n + (e - s), 0);
    if (exif.has(id)) {
      overwrite(data, parts, size >= emptyExif.length ? emptyExif : Buffer.alloc(0), 0);
    } else {
      const fits = size >= emptyXmp.length + xmpEnd.length;
      const packet = fits
        ? Buffer.concat([emptyXmp, Buffer.alloc(size - emptyXmp.length - xmpEnd.length, 0x20), xmpEnd])
        : Buffer.alloc(0);
      overwrite(data, parts, packet, 0x20);
    }
  }
  return data;
}
