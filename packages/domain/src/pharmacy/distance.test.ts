import { describe, expect, it } from 'vitest';
import { distanceMiles, roundMiles, type LatLng } from './distance.ts';

const NYC: LatLng = { lat: 40.7128, lng: -74.006 };
const LA: LatLng = { lat: 34.0522, lng: -118.2437 };
const AUSTIN: LatLng = { lat: 30.2672, lng: -97.7431 };
const DALLAS: LatLng = { lat: 32.7767, lng: -96.797 };
const SEATTLE: LatLng = { lat: 47.6062, lng: -122.3321 };
const PORTLAND: LatLng = { lat: 45.5152, lng: -122.6784 };

describe('distanceMiles (haversine)', () => {
  it.each<[string, LatLng, LatLng, number, number]>([
    // issue 5 "results by distance using ZIP centroids": great-circle miles, published figures
    ['New York to Los Angeles', NYC, LA, 2445, 5],
    ['Austin to Dallas', AUSTIN, DALLAS, 182, 2],
    ['Seattle to Portland', SEATTLE, PORTLAND, 145, 2],
    ['the same point', AUSTIN, AUSTIN, 0, 0.0001],
    ['one degree of latitude', { lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 69.09, 0.05],
    ['one degree of longitude at 60°N is half', { lat: 60, lng: 0 }, { lat: 60, lng: 1 }, 34.54, 0.05],
    ['antipodes: half the circumference', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 12436.8, 1],
  ])('%s ≈ %f miles', (_name, a, b, miles, tolerance) => {
    expect(Math.abs(distanceMiles(a, b) - miles)).toBeLessThanOrEqual(tolerance);
  });

  it('is symmetric', () => {
    expect(distanceMiles(NYC, LA)).toBeCloseTo(distanceMiles(LA, NYC), 9);
  });

  it.each<[number, number]>([
    [0.04, 0],
    [0.05, 0.1],
    [12.345, 12.3],
    [12.35, 12.4],
  ])('rounds %f to %f for display', (miles, shown) => {
    expect(roundMiles(miles)).toBe(shown);
  });
});
