// Photos that carry a location, made byte by byte for the upload tests (issue 13 #7): a JPEG (the
// e2e fixture photo with a camera's EXIF block, an XMP block and a comment added), a PNG with
// eXIf/iTXt/tEXt chunks, and a HEIF file with an `Exif` item and an XMP item in `mdat`.
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';
import { REPO_ROOT } from '../src/config.ts';

/** 40°44'55.12"N 73°59'0"W, in the EXIF block of every photo here. */
export const TAKEN_AT = { latitude: 40 + 44 / 60 + 55.12 / 3600, longitude: -(73 + 59 / 60) };

export const PATIENT_PHOTO = fs.readFileSync(path.join(REPO_ROOT, 'e2e/fixtures/patient-photo.jpg'));

/** A big-endian TIFF block: IFD0 (Make, Orientation, GPS pointer) and a GPS IFD. */
export function exifTiff(orientation = 6): Buffer {
  const tiff = Buffer.alloc(200);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0 at 8: 3 entries
  let at = 8;
  tiff.writeUInt16BE(3, at);
  at += 2;
  const entry = (tag: number, type: number, count: number, value: (pos: number) => void) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    value(at + 8);
    at += 12;
  };
  entry(0x010f, 2, 4, (p) => tiff.write('Cam\0', p, 'latin1')); // Make
  entry(0x0112, 3, 1, (p) => tiff.writeUInt16BE(orientation, p)); // Orientation
  entry(0x8825, 4, 1, (p) => tiff.writeUInt32BE(52, p)); // GPS IFD at 52
  tiff.writeUInt32BE(0, at); // no next IFD (at = 46..50)
  // GPS IFD at 52: 4 entries, rationals after it at 52 + 2 + 48 + 4 = 106
  at = 52;
  tiff.writeUInt16BE(4, at);
  at += 2;
  const rationals = (p: number, values: [number, number][]) => values.forEach(([n, d], i) => {
    tiff.writeUInt32BE(n, p + i * 8);
    tiff.writeUInt32BE(d, p + i * 8 + 4);
  });
  entry(0x0001, 2, 2, (p) => tiff.write('N\0', p, 'latin1'));
  entry(0x0002, 5, 3, (p) => tiff.writeUInt32BE(106, p));
  entry(0x0003, 2, 2, (p) => tiff.write('W\0', p, 'latin1'));
  entry(0x0004, 5, 3, (p) => tiff.writeUInt32BE(130, p));
  tiff.writeUInt32BE(0, at);
  rationals(106, [[40, 1], [44, 1], [5512, 100]]);
  rationals(130, [[73, 1], [59, 1], [0, 1]]);
  return tiff.subarray(0, 154);
}

export const XMP_PACKET = Buffer.from(
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,44.9187N" exif:GPSLongitude="73,59.0W"/>' +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
);

function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The fixture photo with EXIF (GPS, orientation 6), XMP and a comment after its JFIF block, and a trailer. */
export function jpegWithLocation(): Buffer {
  const app0End = 4 + PATIENT_PHOTO.readUInt16BE(4);
  return Buffer.concat([
    PATIENT_PHOTO.subarray(0, app0End),
    jpegSegment(0xffe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff()])),
    jpegSegment(0xffe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), XMP_PACKET])),
    jpegSegment(0xfffe, Buffer.from('taken at 40.7486,-73.9833')),
    PATIENT_PHOTO.subarray(app0End),
    Buffer.from('trailing vendor data 40.7486,-73.9833'),
  ]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + body.length);
  chunk.writeUInt32BE(body.length, 0);
  chunk.write(type, 4, 'latin1');
  body.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + body.length)), 8 + body.length);
  return chunk;
}

/** A 3×2 PNG (red, green, blue / white, black, grey) with eXIf, XMP in iTXt, and a tEXt comment. */
export function pngWithLocation(): { png: Buffer; plain: Buffer } {
  const image = new PNG({ width: 3, height: 2 });
  [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 128, 128, 128].forEach((v, i) => {
    image.data[Math.floor(i / 3) * 4 + (i % 3)] = v;
    image.data[Math.floor(i / 3) * 4 + 3] = 255;
  });
  const plain = PNG.sync.write(image);
  const ihdrEnd = 8 + 12 + 13;
  const png = Buffer.concat([
    plain.subarray(0, ihdrEnd),
    pngChunk('eXIf', exifTiff()),
    pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), XMP_PACKET])),
    pngChunk('tEXt', Buffer.from('Comment\0taken at 40.7486,-73.9833', 'latin1')),
    plain.subarray(ihdrEnd),
  ]);
  return { png, plain };
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...parts);
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/**
 * A HEIF file as phones write them: the image (stand-in HEVC bytes), an `Exif` item and an XMP
 * `mime` item, all three in `mdat` at the offsets `iloc` gives.
 */
export function heicWithLocation(): { heic: Buffer; imageBytes: Buffer } {
  const imageBytes = Buffer.from('stand-in for the HEVC-coded picture '.repeat(4));
  const exif = Buffer.concat([u32(0), exifTiff()]);
  const infe = (id: number, type: string, extra = Buffer.alloc(0)) =>
    fullBox('infe', 2, u16(id), u16(0), Buffer.from(type, 'latin1'), Buffer.from('\0'), extra);
  const iinf = fullBox(
    'iinf',
    0,
    u16(3),
    infe(1, 'hvc1'),
    infe(2, 'Exif'),
    infe(3, 'mime', Buffer.from('application/rdf+xml\0')),
  );
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const build = (mdatStart: number) => {
    const item = (id: number, offset: number, length: number) => Buffer.concat([u16(id), u16(0), u16(0), u16(1), u32(offset), u32(length)]);
    const iloc = fullBox(
      'iloc',
      1,
      Buffer.from([0x44, 0x00]),
      u16(3),
      item(1, mdatStart, imageBytes.length),
      item(2, mdatStart + imageBytes.length, exif.length),
      item(3, mdatStart + imageBytes.length + exif.length, XMP_PACKET.length),
    );
    const meta = fullBox('meta', 0, fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(13)), fullBox('pitm', 0, u16(1)), iinf, iloc);
    return Buffer.concat([ftyp, meta]);
  };
  const head = build(0);
  const mdatStart = build(head.length + 8).length + 8;
  const heic = Buffer.concat([build(mdatStart), box('mdat', imageBytes, exif, XMP_PACKET)]);
  return { heic, imageBytes };
}
