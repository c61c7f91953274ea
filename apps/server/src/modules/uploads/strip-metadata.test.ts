// issue 13 #7 "Uploaded photos keep their GPS location ... strip EXIF location from JPEG/PNG/HEIC on
// upload": what is left after stripping is read back with exifr (an independent EXIF/XMP reader)
// and the pictures are decoded again with jpeg-js and pngjs.
import exifr from 'exifr';
import fc from 'fast-check';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { heicWithLocation, jpegWithLocation, PATIENT_PHOTO, pngWithLocation, TAKEN_AT } from '../../../test/images.ts';
import { stripHeif, stripJpeg, stripMetadata, stripPng, UnreadableImageError } from './strip-metadata.ts';

const everything = { translateValues: false, tiff: true, exif: true, gps: true, xmp: true, icc: false, iptc: true, jfif: false, ihdr: false, mergeOutput: false };

describe('stripJpeg', () => {
  it('takes out GPS, XMP, the comment and the trailer; keeps the orientation and the very same picture', async () => {
    const photo = jpegWithLocation();
    // The fixture really carries a location, as a phone's photo does.
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(TAKEN_AT.latitude, 4), longitude: expect.closeTo(TAKEN_AT.longitude, 4) });
    expect(photo.includes('GPSLatitude')).toBe(true);

    const stripped = stripJpeg(photo);
    expect(await exifr.gps(stripped)).toBeUndefined();
    const left = await exifr.parse(stripped, everything);
    expect(left).toEqual({ ifd0: { Orientation: 6 } }); // only the orientation, so the photo still shows upright
    for (const text of ['GPSLatitude', '40.7486', 'Cam\0', 'trailing vendor data']) expect(stripped.includes(text)).toBe(false);
    // Same pixels: the compressed picture is untouched, so it decodes to the same image.
    const before = jpeg.decode(PATIENT_PHOTO, { useTArray: true });
    const after = jpeg.decode(stripped, { useTArray: true });
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
    // The colour profile stays.
    expect(stripped.includes('ICC_PROFILE')).toBe(true);
  });

  it('leaves a photo with nothing to strip byte for byte as it was', () => {
    expect(stripJpeg(PATIENT_PHOTO).equals(PATIENT_PHOTO)).toBe(true);
  });

  it('writes no EXIF block at all when the orientation was the normal one', async () => {
    const photo = jpegWithLocation();
    const upright = Buffer.from(photo);
    upright.writeUInt16BE(1, photo.indexOf(Buffer.from([0x01, 0x12, 0x00, 0x03])) + 8);
    const stripped = stripJpeg(upright);
    expect(await exifr.parse(stripped, everything)).toBeUndefined();
    expect(stripped.includes('Exif\0\0')).toBe(false);
  });

  it('refuses what is not a JPEG it can walk', () => {
    expect(() => stripJpeg(Buffer.from('not a jpeg'))).toThrow(UnreadableImageError);
    expect(() => stripJpeg(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00]))).toThrow(UnreadableImageError);
  });
});

describe('stripPng', () => {
  it('takes out eXIf, XMP and text chunks; keeps the orientation and the same pixels', async () => {
    const { png, plain } = pngWithLocation();
    expect(await exifr.gps(png)).toMatchObject({ latitude: expect.closeTo(TAKEN_AT.latitude, 4) });
    const stripped = stripPng(png);
    expect(await exifr.gps(stripped)).toBeUndefined();
    expect(await exifr.parse(stripped, everything)).toEqual({ ifd0: { Orientation: 6 } });
    for (const text of ['GPSLatitude', '40.7486', 'XML:com.adobe.xmp']) expect(stripped.includes(text)).toBe(false);
    const before = PNG.sync.read(plain);
    const after = PNG.sync.read(stripped); // also checks every chunk's CRC
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect(after.data.equals(before.data)).toBe(true);
  });

  it('leaves a PNG with nothing to strip as it was, and refuses what is not one', () => {
    const { plain } = pngWithLocation();
    expect(stripPng(plain).equals(plain)).toBe(true);
    expect(() => stripPng(Buffer.from('not a png'))).toThrow(UnreadableImageError);
  });
});

describe('stripHeif', () => {
  it('empties the Exif and XMP items in place, so every offset in the file stays right', async () => {
    const { heic, imageBytes } = heicWithLocation();
    expect(await exifr.gps(heic)).toMatchObject({ latitude: expect.closeTo(TAKEN_AT.latitude, 4) });
    const stripped = stripHeif(heic);
    expect(stripped.length).toBe(heic.length);
    expect(await exifr.gps(stripped)).toBeUndefined();
    for (const text of ['GPSLatitude', 'Cam\0', '40,44']) expect(stripped.includes(text)).toBe(false);
    // The picture's bytes are where they were and unchanged; only the two items changed.
    const at = heic.indexOf(imageBytes);
    expect(stripped.subarray(at, at + imageBytes.length).equals(imageBytes)).toBe(true);
    const changed = [...heic.keys()].filter((i) => heic[i] !== stripped[i]);
    expect(changed.every((i) => i > at + imageBytes.length)).toBe(true);
    expect(heic.includes('GPSLatitude')).toBe(true); // the caller's buffer is not touched
  });

  it('leaves a HEIF file with no metadata items as it was', () => {
    const bare = Buffer.concat([Buffer.from('00000018667479706865696300000000', 'hex'), Buffer.from('mif1heic'), Buffer.alloc(64)]);
    expect(stripHeif(bare).equals(bare)).toBe(true);
  });
});

describe('stripMetadata', () => {
  it('strips by the detected type and leaves PDFs alone', () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    expect(stripMetadata('application/pdf', pdf)).toBe(pdf);
    expect(stripMetadata('image/jpeg', jpegWithLocation()).includes('GPSLatitude')).toBe(false);
    expect(stripMetadata('image/heic', heicWithLocation().heic).includes('GPSLatitude')).toBe(false);
  });
});

describe('damaged files', () => {
  it('are stripped or refused as unreadable, never a crash (a 500)', () => {
    const samples: [string, Buffer][] = [
      ['image/jpeg', jpegWithLocation()],
      ['image/png', pngWithLocation().png],
      ['image/heic', heicWithLocation().heic],
    ];
    for (const [type, original] of samples) {
      fc.assert(
        fc.property(
          fc.nat({ max: original.length }),
          fc.array(fc.tuple(fc.nat({ max: original.length - 1 }), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
          (cut, flips) => {
            const damaged = Buffer.from(original.subarray(0, cut));
            for (const [at, value] of flips) if (at < damaged.length) damaged[at] = value;
            try {
              stripMetadata(type, damaged);
            } catch (error) {
              expect(error).toBeInstanceOf(UnreadableImageError);
            }
          },
        ),
        // The first example is the damaged JPEG fast-check found (EXIF lengths past the end: a RangeError).
        { numRuns: 300, examples: [[244, [[192, 39]]]] },
      );
    }
  });
});
