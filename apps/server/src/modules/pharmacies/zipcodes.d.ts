// Types for the `zipcodes` package (US and Canadian postal-code centroids; ships no types).
declare module 'zipcodes' {
  export interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipCodeEntry>;
    lookup(zip: string | number): ZipCodeEntry | undefined;
  };
  export default zipcodes;
}
